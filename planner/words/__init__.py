"""Every user-visible template the UI, the sheet and the CLI share, in the user's language.

Qt core only (QCoreApplication.translate, QLocale): below planner.ui and planner.report, so a
Chinese sheet words its warnings, notes and verdicts exactly as the screen does.
"""
