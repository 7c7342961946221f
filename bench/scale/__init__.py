"""The scale benchmark's parts (`bench/run.py` puts them together, and says what it measures).

- `prose`: deterministic pseudo-random words, sentences and seed articles;
- `corpus`: a synthetic project of N statements whose every citation is found in its seed, written to disk;
- `drive`: the hook's MkDocs events run in this process, timed step by step, and frozen into a plain project;
- `measure`: one command's wall time, CPU time and peak RSS in a subprocess, the built site, the machine;
- `report`: one size's JSON object from what the others measured;
- `layout`: the source page's passage layout alone, as the number of passages grows.

They use the library's own code wherever the library already does the job: its passage matcher and
normalisation (every generated citation is checked as `explainer check` checks it), its wiki-link rewriting,
its table of quotation marks, its folder walk, its hook and its theme words.
"""
