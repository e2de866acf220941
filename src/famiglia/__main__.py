"""`python -m famiglia ...`: the same as the `famiglia` command."""

from famiglia.cli import main

if __name__ == "__main__":
    main()
