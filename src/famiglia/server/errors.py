"""The one error every route and frame answers with: `{"error": text, "clause": id}`."""

from __future__ import annotations


class ApiError(Exception):
    """A refused request: the HTTP status, a sentence saying what was wrong and what is
    allowed, and the rule's clause id when the rules refused it."""

    def __init__(self, status: int, error: str, clause: str = "") -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.clause = clause

    def to_json(self) -> dict:
        return {"error": self.error, "clause": self.clause}
