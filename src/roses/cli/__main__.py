"""``python -m roses.cli``: the ``roses`` command."""
from roses.cli import main

main()
