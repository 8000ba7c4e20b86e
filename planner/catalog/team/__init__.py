"""The team catalog: a lab's shared GPUs and builds on PostgreSQL, cached in the local SQLite file.

``connection`` finds and opens the team server (no password ever stored by the app), ``sync``
pushes the queued edits and pulls the team's rows, ``layers`` tells which layer a card's figures
come from, ``builds`` publishes and fetches shared ``.gpubuild`` documents. The local catalog file
stays the source the app reads: with the server away everything keeps working from it, and edits
wait in ``team_outbox`` until the next sync. No Qt here. docs/team.md explains the design.
"""
