"""Examples the writer makes up and a study's test sentences are no quotations of the work the
sentence cites: "(e.g. “Jane runs slowly” vs. “the cheetah runs quickly”)" after "(cf. Locke,
1690)", and "when children hear the novel transitive sentence, “Big Bird is gorping Cookie
Monster,” they look longer … (Hirsh-Pasek, 1988)". Written for this test in the forms of a
psychology thesis."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_TEXT = (
    "Simple association theories (cf. Locke, 1690) fail to explain how children learn verbs "
    "that extend across agents and manners (e.g. “Jane runs slowly” vs. “the big cheetah runs "
    "quickly”).\n\n"
    "When children hear the novel transitive sentence, “Big Bird is gorping Cookie Monster "
    "today,” they look longer at the causal scene (Hirsh-Pasek, 1988).\n\n"
    "Naigles writes that “children use the syntax of a sentence to learn its verb” (Naigles, "
    "1990, p. 4).\n\n"
    "## References\n\n"
    "Hirsh-Pasek, K. (1988). *Verbs*. Hillsdale: Erlbaum.\n\n"
    "Locke, J. (1690). *An Essay Concerning Human Understanding*. London: Basset.\n\n"
    "Naigles, L. (1990). Children use syntax. *Journal of Child Language*, 17, 357-374.\n"
)


def test_examples_and_test_sentences_are_not_the_cited_works_words(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "thesis.md", _TEXT))
    assert set(got) == {"children use the syntax of a sentence to learn its verb"}
