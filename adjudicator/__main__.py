"""``python -m adjudicator`` runs the command line."""

from adjudicator.cli import main

main()
