"""Our rules documents as the program reads them: a clause's words by its id."""

from famiglia import rulebook
from famiglia.games.cash_n_guns.data import POWER_RULE, POWER_TITLE


def test_a_clause_is_read_whole_with_its_continuation_lines():
    said = rulebook.clauses("cash-n-guns")
    assert said["CNG-8.6"].startswith(
        "The Cute, when taking part, takes a $5k bill before the split"
    )
    assert "\n" not in said["CNG-8.6"] and "**" not in said["CNG-8.6"]
    assert said["CNG-1.3"].endswith("and so needs mercenaries.")  # (backticks taken off)


def test_every_power_is_explained_by_a_clause_that_names_it():
    said = rulebook.clauses("cash-n-guns")
    for power, clause in POWER_RULE.items():
        name = POWER_TITLE[power].removeprefix("The ")
        assert name in said[clause], (power, clause, said.get(clause))
