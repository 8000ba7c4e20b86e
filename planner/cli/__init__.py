"""The command line.

`main` starts the app or hands a named command to `commands` (imported only then); `options` holds
every option and its help, `text` the human output.
"""
