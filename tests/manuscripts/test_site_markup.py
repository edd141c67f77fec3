"""Static-site markup in Markdown essays: Jekyll's and Liquid's tags, Hugo's shortcodes.

History and course blogs set their figures with an include or a shortcode whose attributes
are quoted and often one per line (``{% include figure.html`` then ``caption="…"`` and
``image-url="x.jpg"`` below, ``%}`` on a line of its own). A caption or a file name there is
the page's markup, not the author's quotation of a source; the prose around it still is. A
Liquid comment ({% comment %} … {% endcomment %}) is never shown, as an HTML comment is not;
Liquid's code block ({% highlight python %} … {% endhighlight %}) is code; Hugo's TOML front
matter (+++ … +++) is settings; an MkDocs admonition's title (!!! note "…") heads a box. A
post moved from WordPress keeps its marks as character references (&#8220;…&#8221;, &ldquo;):
they are the marks.
"""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import quotes_found, write

_JEKYLL = """---
title: Printing and Reform
---

{% include figure.html
class="left"
width="30%"
caption="A woodcut of a sixteenth-century print shop, where pamphlets were set by hand."
image-url="print-shop-woodcut.jpg"
source-url="https://example.org/images/print-shop-woodcut.jpg"
 %}

The press changed who could speak. As one historian put it, "the printed word travelled faster
than any preacher could ride."[^1]

   {% include figure.html
      class="right"
      caption="Pamphlets were sold at fairs across the German lands for a few pennies each."
      image-url="pamphlet.jpg"

   %}

{% comment %}
Draft caption: "the press was the first mass medium of the modern world", check the wording.
{% endcomment %}

[^1]: Ada Example, *Print and Protest* (Oxford: Example Press, 2001), 44.
"""

_HUGO = """Servers fail in ways their logs rarely show.

{{< figure src="/images/outage-timeline.png"
    alt="A timeline of the outage drawn as a bar chart of failed requests"
    caption="The outage as the load balancer saw it, minute by minute"
    width="600" >}}

As the postmortem says, "no single alert fired until the queue had been full for an hour"
[@postmortem2020, p. 3].

{{% notice note "About the figures in this section" %}}
These numbers come from our own dashboards.
{{% /notice %}}
"""


def test_a_jekyll_include_over_several_lines_is_markup(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "essay.md", _JEKYLL))
    assert set(found) == {"the printed word travelled faster than any preacher could ride."}


def test_a_hugo_shortcode_over_several_lines_is_markup(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "post.md", _HUGO))
    assert found == {
        "no single alert fired until the queue had been full for an hour": ("postmortem2020", "3")
    }


_HUGO_PAGE = """+++
title = "Reading the Census of 1850"
description = "How the enumerators counted households and what they left out of the record"
+++

The census takers wrote as they pleased.

{% highlight python %}
print("counting every household in the county by hand")
{% endhighlight %}

!!! note "What the enumerators were told to do before each visit"
    They were to visit every dwelling.

As Ruggles notes, "the enumerators were told to count every person in the dwelling"
[@ruggles1995, p. 12].
"""


def test_toml_front_matter_code_and_admonition_titles_are_markup(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "census.md", _HUGO_PAGE))
    assert found == {
        "the enumerators were told to count every person in the dwelling": ("ruggles1995", "12")
    }


_WORDPRESS = """As Lena Vogt writes, &#8220;the harbour records were kept by men who could not
read the ships&#8217; own papers&#8221; [@vogt2011, p. 88]. A later clerk called them
&ldquo;half a census and half a guess&rdquo; [@vogt2011, p. 90] &mdash; a fair description.
The &lt;ledger&gt; tag in the archive's catalogue is its own.
"""


def test_wordpress_character_references_are_the_marks_they_stand_for(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "post.md", _WORDPRESS))
    assert found == {
        "the harbour records were kept by men who could not read the ships’ own papers": (
            "vogt2011",
            "88",
        ),
        "half a census and half a guess": ("vogt2011", "90"),
    }


_OCTOPRESS = """The first rule of the archive is patience.

{% blockquote Ada Example %}
No box is opened twice by the same reader; the second time, the reader has changed.
{% endblockquote %}

That is the point of the chapter.
"""


def test_an_octopress_blockquote_is_a_block_quotation_signed_by_its_arguments(
    tmp_path: Path,
) -> None:
    found = scan(write(tmp_path, "post.md", _OCTOPRESS)).citations
    assert [(c.quote, c.reference.raw if c.reference else None) for c in found] == [
        (
            "No box is opened twice by the same reader; the second time, the reader has changed.",
            "Ada Example",
        )
    ]
