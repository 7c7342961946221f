"""The source page's passage layout alone, on one seed, as the number of cited passages grows
(`bench/run.py --layout-scaling`)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator
from typing import Any

from explainer.text import sourcetext
from explainer.text.textmatch import find_passage
from scale.corpus import Citer
from scale.prose import SEED, SeedText


def layout_scaling(seed: SeedText, counts: list[int]) -> Iterator[dict[str, Any]]:
    """The source page's passage layout alone, on one seed, as the number of cited passages grows.

    `sourcetext._laminate` gives each passage an element extent in one sorted pass with a stack
    (O(P log P)); the ratio of CPU time to P log P shows whether that still holds as P grows.
    """
    citer = Citer(random.Random(SEED), [seed])
    assert seed.normalized is not None
    spans: list[tuple[int, int]] = []
    for _ in range(max(counts)):
        c = citer.random(seed)
        match = find_passage(seed.normalized, c["quote"], c.get("prefix"), None, c.get("occurrence")).matches[0]
        spans.append((match.start, match.end))
    for count in counts:
        unique = sorted(set(spans[:count]))
        start = time.process_time()
        extent = sourcetext._laminate(unique)
        laminate_s = time.process_time() - start
        start = time.process_time()
        sourcetext.layout(seed.text, spans[:count])
        layout_s = time.process_time() - start
        widened = sum(1 for span, ext in extent.items() if span != ext)
        n_log_n = len(unique) * max(math.log2(len(unique)), 1.0)
        yield {
            "seed_kb": round(len(seed.text.encode()) / 1000, 1),
            "passages": len(unique),
            "widened": widened,
            "laminate_cpu_s": round(laminate_s, 4),
            "layout_cpu_s": round(layout_s, 4),
            "laminate_us_per_p_log_p": round(laminate_s / n_log_n * 1e6, 3),
        }
