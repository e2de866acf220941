"""The one build step pyproject.toml cannot say: the rules documents (docs/rules/GAME.md, kept
beside the other docs for the people who change the rules) are copied into the package as
famiglia/docs/GAME.md, so that `famiglia rules GAME` reads them from any installation."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RULES = Path(__file__).resolve().parent / "docs" / "rules"


class BuildWithRules(build_py):
    def run(self):
        super().run()
        target = Path(self.build_lib) / "famiglia" / "docs"
        self.mkpath(str(target))
        for doc in sorted(RULES.glob("*.md")):
            self.copy_file(str(doc), str(target / doc.name))


setup(cmdclass={"build_py": BuildWithRules})
