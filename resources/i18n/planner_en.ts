<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_US">
<context>
    <name>DocumentFiles</name>
    <message numerus="yes">
        <location filename="../../planner/ui/document_files.py" line="107" />
        <source>%n GPU(s) in the file are not in your catalog; their figures come from the file.</source>
        <translation><numerusform>%n GPU in the file is not in your catalog; its figures come from the file.</numerusform><numerusform>%n GPUs in the file are not in your catalog; their figures come from the file.</numerusform></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../../planner/ui/main_window.py" line="220" />
        <source>%n GPU(s)</source>
        <translation><numerusform>%n GPU</numerusform><numerusform>%n GPUs</numerusform></translation>
    </message>
</context>
<context>
    <name>TotalsBar</name>
    <message numerus="yes">
        <location filename="../../planner/ui/totals_bar.py" line="130" />
        <source>(+%n unpriced)</source>
        <translation><numerusform>(+%n unpriced)</numerusform><numerusform>(+%n unpriced)</numerusform></translation>
    </message>
</context>
</TS>