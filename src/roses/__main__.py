"""``python -m roses`` is the ``roses`` command."""
from roses.cli import main

main()
