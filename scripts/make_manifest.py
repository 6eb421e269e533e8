"""(Re)compute the resource manifest `lexsub_baselines/inputs/manifest.json`.

    .venv/bin/python scripts/make_manifest.py [--shared-root DIR] [--data-root DIR]
                                              [--output FILE] [--check]

The descriptions, licences, upstream locations and fetch recipes are written here, next to the
paths; the sizes, checksums and Debian versions are measured from the shared root, the installed
Debian packages (`dpkg-query`) and the KenLM sdist that `scripts/build_kenlm.sh` downloaded.
Upstream locations come from ../shared/README.md, the files' own headers and source notes, and
the dataset registry (`datasets/catalog.py`, `datasets/coinco.py`), or are "" when not known;
each download is pinned to a release, tag or commit where the host has them. The upstream
digest of a `file` recipe is the file's own (the shared copy holds the upstream bytes), of an
`xz` recipe that of the shared copy's uncompressed content (what the host serves); an archive's
is the one recorded in ../shared/README.md; a `head` download's is not recorded (only its
start was kept). The caps of a fetch are measured too: `upstream_bytes` is the size of a
`file` (the bytes served), of an `xz` entry's uncompressed content, the kept start of a
`head`; `redirect_hosts` is GitHub's raw host for a github.com URL. An archive is not at hand
(no download here): its `upstream_bytes` and `unpacked_bytes` are a bound, `ARCHIVE_MARGIN`
times the bytes of the files taken from it (the SemEval-2007 archive holds those beside a few
small ones: readmes, the DTD, the task's documentation). WordNet's fetch takes its files out
of Debian's packages (`WORDNET_DEBS`: their digests, sizes and unpacked sizes measured once from
the .debs `apt-get download` gives); each file's digest is measured from the installed package,
whose files are those bytes. The MyThes thesauri are fetched the same way from Debian's
`mythes-*` packages (`MYTHES_DEBS`), the Open Multilingual Wordnet's Spanish and Portuguese
files from omw-data at the commits recorded in ../shared/README.md (`OMW_DATA`).
Adding an input is one entry below (`input`, `fetch`, `groups`).
The output is deterministic (sorted keys, entries in the order below), so a re-run on the same
inputs gives the same bytes; `--check` exits 1 when the checked-in file differs.
"""

from __future__ import annotations

import argparse
import dataclasses
import lzma
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from lexsub_baselines.core import digests
from lexsub_baselines.core.cache import atomic_write_text, file_sha256
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import PROJECT_DIR, resolve_roots
from lexsub_baselines.datasets.catalog import (
    SEMEVAL2007_NOTE,
    SEMEVAL2007_SHA256,
    SEMEVAL2007_URL,
)
from lexsub_baselines.datasets.coinco import COINCO_URL
from lexsub_baselines.datasets.field_outputs import FETCH_GROUP, FIELD_OUTPUTS
from lexsub_baselines.datasets.prolex import PROLEX_RAW, PROLEX_SPLITS
from lexsub_baselines.datasets.swords import swords_specs
from lexsub_baselines.datasets.tsar import TSAR_LANGUAGES, TSAR_RAW, TSAR_SPLITS
from lexsub_baselines.inputs.manifest import BUILD_ROOT, Manifest, Resource
from lexsub_baselines.inputs.verify import locate
from lexsub_baselines.inputs.wordnet_files import FETCHED_WORDNET_DIR
from lexsub_baselines.rankers.spanish_frequency import ESWIKI_PARTS
from lexsub_baselines.resources.bilingual import FREEDICT_DIR, WIKTIONARY_PARTS
from lexsub_baselines.resources.frequency_lists import KILGARRIFF_PARTS, WORDLIST_PARTS
from lexsub_baselines.resources.mythes import DEBIAN_MYTHES_DIR, FETCHED_MYTHES_DIR, MYTHES
from lexsub_baselines.resources.omw import OMW_FILES
from lexsub_baselines.resources.wordnet_nltk import (
    DEBIAN_WORDNET_DIR,
    LEXNAMES_MAN_PAGE,
    WORDNET_DIR_ENV,
    WORDNET_FILES,
)

#: How many times the known files' bytes bound an archive not at hand (and its unpacked size).
ARCHIVE_MARGIN = 10  # said in _SEMEVAL's note
#: Where a redirect from a host may lead, besides the host itself.
REDIRECT_HOSTS = {"github.com": ["raw.githubusercontent.com"]}
OUTPUT = PROJECT_DIR / "lexsub_baselines" / "inputs" / "manifest.json"
#: Debian's pool, where `lexsub fetch wordnet` gets the packages (bookworm's version).
DEBIAN_POOL = "https://deb.debian.org/debian/pool/main/w/wordnet/"
WORDNET_DEB_VERSION = "1:3.0-37"
#: package -> (sha256, bytes, bytes of the regular members of its data.tar.xz, sha1), measured
#: from the .debs `apt-get download wordnet-base wordnet-sense-index` gave (bookworm).
WORDNET_DEBS: dict[str, tuple[str, int, int, str]] = {
    "wordnet-base": ("61060d960f9ada8fa120872312eccd3ecebfbab8c4579e4f5a74e1cf67620752",
                     6467132, 29159189, "78cc404951819f319f979e9b5d08db8304ce49b9"),
    "wordnet-sense-index": ("b22c7d3100470d90f812acc224718e4bd362d7ca427766fa3e11013c8c7895cf",
                            1600588, 8224421, "0bbb00f36bd47de3cf6d1cbb225e3979f8cc5456"),
}
#: Debian's pool of LibreOffice's dictionaries, where `lexsub fetch mythes` gets the packages.
MYTHES_POOL = "https://deb.debian.org/debian/pool/main/libr/libreoffice-dictionaries/"
MYTHES_DEB_VERSION = "1:7.5.0-1"
#: package -> (sha256, bytes, bytes of the regular members of its data.tar.xz, sha1), measured
#: from the .debs `apt-get download mythes-es mythes-pt-br mythes-pt-pt` gave (bookworm).
MYTHES_DEBS: dict[str, tuple[str, int, int, str]] = {
    "mythes-es": ("95b53b986c9e42fe7560a83d136b1bf1e3b4c855b0ecd727ddfd5948fb112e40",
                  799368, 3643572, "3f300a35dbd504e8d8b735a747f0204e03836e24"),
    "mythes-pt-br": ("8d461f2da3f29e841591e548fba836bb48a68e5b30e331d7092df547cb78b70f",
                     1291332, 16063715, "25c3549d68449ff33a14333cecbde083fbb31d88"),
    "mythes-pt-pt": ("c9a4d9cb819d22639d72c434b0e0c6f4ef29a1103f4aeb7b97ec6f7f6e97e99b",
                     1217232, 4347181, "eaf96ce143b2a14db1d40f2c9a6bdaa8090708fe"),
}
#: language -> (omw-data commit, folder, name, version, licence, what) of the OMW files read.
#: The Portuguese file's commit is known by its short hash only (../shared/README.md; the
#: full hash was not found here): GitHub resolves it, and the digest is checked.
OMW_DATA: dict[str, tuple[str, str, str, str, str]] = {
    "es": ("291d2c211b767ff10c17a7eea22d521577001ff6", "wns/mcr",
           "MCR 3.0 (omw-data commit 291d2c2)", "CC BY 3.0",
           "Spanish wordnet of the Multilingual Central Repository 3.0 on WordNet 3.0 offsets "
           "(OFFSET-POS<TAB>lemma<TAB>word; 57,764 lemma lines)"),
    "pt": ("f75be19", "wns/por", "OpenWN-PT (omw-data commit f75be19)", "CC BY-SA 3.0",
           "OpenWN-PT, the Portuguese wordnet, on WordNet 3.0 offsets (OFFSET-POS<TAB>lemma"
           "<TAB>word; 74,012 lemma lines)"),
}
KENLM_SCRIPT = PROJECT_DIR / "scripts" / "build_kenlm.sh"

_BOTH = ["scoring", "baselines"]
_SEMEVAL = {"licence": "research use, as distributed by the task organisers",
            "upstream_url": SEMEVAL2007_URL, "upstream_sha256": SEMEVAL2007_SHA256,
            # ../shared/README.md's digest of the archive; never checked against a download
            "upstream_unverified": True,
            "note": "`lexsub fetch semeval2007` unpacks the organisers' archive (the host serves "
                    "plain http only) so that semeval2007/{trial,test,key}/ sit under the data "
                    "root: each file is the archive member of its name with the recorded "
                    f"sha256, wherever it lies in the archive ({SEMEVAL2007_NOTE}); the archive "
                    "is not at hand here, so its size and unpacked size (upstream_bytes, "
                    "unpacked_bytes) are a bound: ten times the bytes of the files taken from "
                    "it, and its sha256 (upstream_sha256, from the shared data's README) was "
                    "never checked against a download (upstream_unverified): a fetch checks "
                    "each file by its own sha256 alone, so a mirror made from the files works",
            "used_by": ["lexsub_baselines.datasets.catalog"], "input": "semeval2007",
            "groups": _BOTH}
#: Melamud et al.'s repository (Apache-2.0) at its last commit; its `datasets/` folder.
_MELAMUD = f"{COINCO_URL}/raw/0d6e6da0871c79333d955ceb55f5b7b36d95994f/datasets/"
_MELAMUD_NOTE = ("from the folder `datasets/` of Melamud et al.'s repository (at commit "
                 "0d6e6da); `lexsub fetch {input}` puts it under <data root>/{input}/")
_COINCO = {"licence": "CoInCo terms (Kremer et al. 2014); see README.melamud-lexsub.md",
           "version": "", "note": _MELAMUD_NOTE.format(input="coinco"),
           "used_by": ["lexsub_baselines.datasets.coinco", "lexsub_baselines.analysis.candidates"],
           "input": "coinco", "fetch": "file", "groups": ["scoring"]}  # LexSubGen's CoInCo
_WIKIFREQ = ("https://github.com/IlyaSemenov/wikipedia-word-frequency/raw/"
             "5a6768888388d4455447ac7c760e940f4f7c1304/results/")
_EWT = {"version": "2.16", "licence": "CC BY-SA 4.0",
        "used_by": ["lexsub_baselines.distributional.parser"], "input": "ud-ewt", "fetch": "xz",
        "groups": ["baselines"]}
_EWT_URL = "https://github.com/UniversalDependencies/UD_English-EWT/raw/r2.16/"
#: The open-dsl-dict collection of Buchmeier's extractions, at a commit.
_WIKTDICT = ("https://github.com/open-dsl-dict/wiktionary-dict/raw/"
             "74c2c11f3398606ef334dd6d0d3ecb9555a44faf/src/")
_GUTENBERG_NOTE = ("Project Gutenberg serves no pinned versions and regenerates its files now "
                   "and then: a download that is not this file is refused, naming both digests")
_CORPUS_USERS = ["lexsub_baselines.text.corpora", "lexsub_baselines.lm.corpus_text",
                 "lexsub_baselines.distributional.build",
                 "lexsub_baselines.distributional.word2vec",
                 "lexsub_baselines.resources.corpus_counts", "lexsub_baselines.rankers.bow"]


def _shared_entries() -> list[dict[str, Any]]:
    """Return the file and folder entries (measured fields left out)."""
    semeval = [
        ("semeval2007-trial-xml", "trial/lexsub_trial.xml", "trial release",
         "SemEval-2007 Task 10 trial instances (300 instances, 30 lexelts; lenient XML)"),
        ("semeval2007-trial-gold", "trial/gold.trial", "trial release",
         "SemEval-2007 Task 10 trial gold substitutes"),
        ("semeval2007-trial-mwgold", "trial/mwgold.trial", "trial release",
         "SemEval-2007 Task 10 trial multiword gold"),
        ("semeval2007-test-xml", "test/lexsub_test.xml", "test release",
         "SemEval-2007 Task 10 test instances (1710 instances, ids 301-2010, 171 lexelts)"),
        ("semeval2007-key-gold", "key/gold", "post-evaluation key of 11 April 2007",
         "SemEval-2007 Task 10 test gold substitutes (1703 lines)"),
        ("semeval2007-key-mwgold", "key/mwgold", "post-evaluation key of 11 April 2007",
         "SemEval-2007 Task 10 test multiword gold"),
        ("semeval2007-key-mwids", "key/mwids", "post-evaluation key of 11 April 2007",
         "SemEval-2007 Task 10 ids of the test items whose target is in a multiword"),
        ("semeval2007-key-mrsamples", "key/MRsamples", "post-evaluation key of 11 April 2007",
         "SemEval-2007 Task 10 ids of the manually selected (MAN) test items"),
    ]
    entries: list[dict[str, Any]] = [
        {"id": i, "kind": "file", "path": f"data/semeval2007/{rel}", "version": version,
         "what": what, "fetch": f"archive:{rel.rsplit('/', 1)[-1]}", **_SEMEVAL}
        for i, rel, version, what in semeval]
    entries.append({
        "id": "lst-candidates", "kind": "file", "path": "data/lst-candidates/lst.gold.candidates",
        "what": "SemEval-2007 per-lemma candidate pools (lemma.pos::c1;c2;...) for GAP ranking",
        "version": "", "licence": "research use (SemEval-2007 terms); repository Apache-2.0",
        "upstream_url": _MELAMUD + "lst.gold.candidates",
        "note": _MELAMUD_NOTE.format(input="lst-candidates"),
        "used_by": ["lexsub_baselines.analysis.candidates", "scripts/bench_rankers.py"],
        "input": "lst-candidates", "fetch": "file", "groups": ["scoring"]})  # LS07-all's pools
    for i, name, what in [
        ("coinco-all-gold", "coinco_all.no_problematic.gold", "CoInCo gold substitutes"),
        ("coinco-all-instances", "coinco_all.no_problematic.preprocessed",
         "CoInCo instances, all (15,415)"),
        ("coinco-dev-instances", "coinco_dev.no_problematic.preprocessed",
         "CoInCo instances, dev split (5,388)"),
        ("coinco-test-instances", "coinco_test.no_problematic.preprocessed",
         "CoInCo instances, test split (10,027)"),
        ("coinco-candidates", "coinco.no_problematic.candidates",
         "CoInCo per-lemma candidate pools"),
    ]:
        entries.append({"id": i, "kind": "file", "path": f"data/coinco/{name}", "what": what,
                        "upstream_url": _MELAMUD + name, **_COINCO})
    for spec in swords_specs():
        entries.append({
            "id": spec.name, "kind": "file", "path": f"data/{spec.relpath('gold')}",
            "what": spec.description, "version": "v1.1 (assets/parsed/ at commit 04ca753)",
            "licence": "CC-BY-3.0-US", "upstream_url": spec.upstream_url,
            "upstream_sha256": spec.upstream_sha256,
            "note": "`lexsub fetch swords` puts the benchmark's own file (assets/parsed/ at "
                    "commit 04ca753) under <data root>/swords/",
            "used_by": ["lexsub_baselines.datasets.swords", "lexsub_baselines.scoring.swords"],
            "input": "swords", "fetch": "file", "groups": _BOTH})
    entries.append({
        "id": "swords-vectors", "kind": "folder", "path": "swords-vectors",
        "what": "made-up SWORDS result files with the metrics of the benchmark's own evaluation "
                "(cases.jsonl) for SWORDS parity tests",
        "version": "swords.eval.evaluate at commit 04ca753, NLTK 3.10, WordNet 3.0",
        "licence": "made for this project", "upstream_url": "", "upstream_sha256": "",
        "note": "produced with the benchmark's evaluation; no public download (the tests that "
                "read it are skipped without it)",
        "used_by": ["tests/test_swords_scoring.py", "scripts/bench_swords.py"],
        "input": "swords-vectors", "fetch": "", "groups": []})
    entries += _tsar_entries()
    entries += _prolex_entries()
    entries += _field_entries()
    entries += _omw_entries()
    entries.append({
        "id": "scorer-vectors", "kind": "folder", "path": "scorer-vectors",
        "what": "made-up answer files with the official scorer's output (cases.jsonl) for "
                "scorer parity tests", "version": "score.pl of the key release of 11 April 2007",
        "licence": "made for this project", "upstream_url": "", "upstream_sha256": "",
        "note": "produced with the official scorer; no public download (the tests that read it "
                "are skipped without it)",
        "used_by": ["tests/test_scoring_vectors.py", "scripts/bench_scorer.py"],
        "input": "scorer-vectors", "fetch": "", "groups": []})
    entries += [
        {"id": "roget-1911", "kind": "file", "path": "resources/roget/pg10681.txt",
         "what": "Roget's Thesaurus of English Words and Phrases (1911)",
         "version": "Project Gutenberg eBook #10681 (released 2004-04-01, updated 2020-12-20)",
         "licence": "public domain (Project Gutenberg)",
         "upstream_url": "https://www.gutenberg.org/cache/epub/10681/pg10681.txt",
         "note": "the plain-text UTF-8 file of the eBook; " + _GUTENBERG_NOTE,
         "used_by": ["lexsub_baselines.resources.roget"], "input": "roget", "fetch": "file",
         "groups": ["baselines"]},
        {"id": "bnc-kilgarriff-lemmas", "kind": "file", "path": "/".join(KILGARRIFF_PARTS),
         "what": "Adam Kilgarriff's BNC lemma list (rank freq lemma class; 6,318 lemmas)",
         "version": "", "licence": "freely distributed by its author",
         "upstream_url": "https://www.kilgarriff.co.uk/BNClists/lemma.al",
         "note": "the lemma list (`lemma.al`) of the BNC frequency lists of "
                 "https://www.kilgarriff.co.uk/bnc-readme.html; the site has no versions, so a "
                 "download that is not this file is refused, naming both digests",
         "used_by": ["lexsub_baselines.resources.frequency_lists"], "input": "bnc-lemmas",
         "fetch": "file", "groups": ["baselines"]},
        {"id": "wiktionary-en-es", "kind": "file", "path": "/".join(WIKTIONARY_PARTS),
         "what": "English->Spanish Wiktionary extraction (Buchmeier)", "version": "20150102",
         "licence": "CC BY-SA 3.0 / GFDL",
         "upstream_url": _WIKTDICT + "en-es-enwiktionary.txt",
         "note": "Matthias Buchmeier's extraction (http://en.wiktionary.org/wiki/User:Matthias_"
                 "Buchmeier) as collected by the Open DSL Dictionary Project, at commit 74c2c11",
         "used_by": ["lexsub_baselines.resources.bilingual"], "input": "wiktionary-en-es",
         "fetch": "file", "groups": ["baselines"]},
        {"id": "freq-eswiki", "kind": "file", "path": "/".join(ESWIKI_PARTS),
         "what": "Spanish Wikipedia word frequencies (word, raw count), top 48,000",
         "version": "eswiki 2022-08-29", "licence": "counts from Wikipedia",
         "upstream_url": _WIKIFREQ + "eswiki-2022-08-29.txt",
         "note": "the upstream file (at commit 5a67688) trimmed to its first 48,000 lines; "
                 "`lexsub fetch` keeps as many bytes and checks the digest of the trimmed file "
                 "(that of the whole upstream file is not recorded)",
         "used_by": ["lexsub_baselines.rankers.spanish_frequency"],
         "input": "freq-eswiki", "fetch": "head", "groups": ["baselines"]},
        {"id": "freq-enwiki", "kind": "file", "path": "/".join(WORDLIST_PARTS),
         "what": "English Wikipedia word frequencies (word, raw count), top 51,001",
         "version": "enwiki 2023-04-13", "licence": "counts from Wikipedia",
         "upstream_url": _WIKIFREQ + "enwiki-2023-04-13.txt",
         "note": "the upstream file (at commit 5a67688) trimmed to its first 51,001 lines, the "
                 "last without its newline; `lexsub fetch` keeps as many bytes and checks the "
                 "digest of the trimmed file (that of the whole upstream file is not recorded)",
         "used_by": ["lexsub_baselines.resources.frequency_lists"],
         "input": "freq-enwiki", "fetch": "head", "groups": ["baselines"]},
    ]
    for split, size in (("train", "12,544"), ("dev", "2,001"), ("test", "2,077")):
        entries.append({
            "id": f"ud-ewt-{split}", "kind": "file",
            "path": f"resources/ud-english-ewt/en_ewt-ud-{split}.conllu.xz",
            "what": f"UD English-EWT {split} treebank ({size} sentences)",
            "upstream_url": f"{_EWT_URL}en_ewt-ud-{split}.conllu",
            "note": f"en_ewt-ud-{split}.conllu of the repository's release 2.16 (tag r2.16), "
                    "xz-compressed; `upstream_sha256` is that of the uncompressed file, which "
                    "`lexsub fetch` compresses itself (a copy it made is verified by its "
                    "content, as other xz settings give other bytes)",
            **_EWT})
    entries += [
        {"id": "corpus-enwiki-2015", "kind": "folder", "path": "corpora/enwiki-2015",
         "what": "English Wikipedia (dump of about May 2015), WikiExtractor output, 400 xz "
                 "files, 65.2M tokens", "version": "dump of about May 2015",
         "licence": "CC BY-SA 3.0 / GFDL", "upstream_url": "", "upstream_sha256": "",
         "note": "no public download of this sample is recorded: bring your own WikiExtractor "
                 "output in the layout */wiki_NN.xz under <shared root>/corpora/enwiki-2015/ "
                 "(the systems then run, with other figures)",
         "used_by": _CORPUS_USERS, "input": "corpus-enwiki", "fetch": "",
         "groups": ["baselines"]},
        {"id": "corpus-gutenberg", "kind": "folder", "path": "corpora/gutenberg",
         "what": "375 Project Gutenberg books (English), 25.1M tokens, xz, with MANIFEST.tsv",
         "version": "", "licence": "public domain (Project Gutenberg)",
         "upstream_url": "https://www.gutenberg.org/", "upstream_sha256": "",
         "note": "MANIFEST.tsv lists each file's author and original title; no download: the "
                 "sample records no eBook numbers, and Project Gutenberg serves no pinned "
                 "versions; any plain-text books in the layout *.txt.xz under <shared root>/"
                 "corpora/gutenberg/ work (with other figures)",
         "used_by": _CORPUS_USERS, "input": "corpus-gutenberg", "fetch": "",
         "groups": ["baselines"]},
    ]
    return entries


def _tsar_entries() -> list[dict[str, Any]]:
    """Return TSAR-2022's files (the task repository's, at commit 089c266) and its vectors."""
    common = {"version": "task repository at commit 089c266",
              "licence": "CC-BY-NC-SA-4.0 (the data; the repository's scripts are AGPL-3.0 and "
                         "not fetched)",
              "note": "`lexsub fetch tsar2022` puts the task repository's file (commit 089c266) "
                      "under <data root>/tsar2022/, in the repository's layout",
              "input": "tsar2022", "fetch": "file", "groups": ["scoring"]}
    files = [(f"tsar2022-{lang}-{split}-{kind}",
              f"datasets/{split}/tsar2022_{lang}_{split}_{kind}.tsv",
              f"TSAR-2022 {lang} {split} " + ("instances (sentence, complex word)"
                                             if kind == "none" else "gold (annotations)"),
              ["lexsub_baselines.datasets.tsar", "lexsub_baselines.scoring.tsar"])
             for lang in TSAR_LANGUAGES for split in TSAR_SPLITS for kind in ("none", "gold")]
    files += [(f"tsar2022-results-{kind}-{lang}",
               f"results/{kind}/TSAR2022_test_results_{'extended_' if kind == 'extended' else ''}"
               f"{lang}.csv", f"TSAR-2022 {lang} test: every team's {kind} results",
               ["lexsub_baselines.tables.tsar"])
              for kind in ("official", "extended") for lang in TSAR_LANGUAGES]
    files.append(("tsar2022-licence", "CC-BY-NC-SA-4.0", "TSAR-2022 data licence text",
                  ["docs/tsar.md"]))
    entries: list[dict[str, Any]] = [
        {"id": i, "kind": "file", "path": f"data/tsar2022/{rel}", "what": what,
         "upstream_url": TSAR_RAW + rel, "used_by": users, **common}
        for i, rel, what, users in files]
    entries.append({
        "id": "tsar2022-vectors", "kind": "folder", "path": "tsar2022-vectors",
        "what": "made-up TSAR-2022 predictions files with the figures of the task's own "
                "evaluator (cases.jsonl) for TSAR parity tests",
        "version": "tsar_eval.py at commit 089c266", "licence": "made for this project",
        "upstream_url": "", "upstream_sha256": "",
        "note": "produced with the task's evaluator; no public download (the tests that read it "
                "are skipped without it)",
        "used_by": ["tests/test_tsar_scoring.py", "scripts/bench_tsar.py"],
        "input": "tsar2022-vectors", "fetch": "", "groups": []})
    return entries


def _prolex_entries() -> list[dict[str, Any]]:
    """Return ProLex's files (the benchmark repository's, at commit f54ba0f) and its vectors."""
    common = {"version": "LS_Proficiency at commit f54ba0f", "licence": "Apache-2.0",
              "note": "`lexsub fetch prolex` puts the benchmark repository's file (commit "
                      "f54ba0f) under <data root>/prolex/",
              "input": "prolex", "fetch": "file", "groups": ["scoring"]}
    files = [(f"prolex-{split}", f"data/{split}/ProLex_v1.0_{split}.csv",
              f"ProLex_v1.0_{split}.csv", f"ProLex {split} rows (target word, sentence, gold "
              "substitutes of both aspects, CEFR levels)",
              ["lexsub_baselines.datasets.prolex", "lexsub_baselines.scoring.prolex"])
             for split in PROLEX_SPLITS]
    files.append(("prolex-licence", "LICENSE", "LICENSE", "ProLex's licence (Apache-2.0)",
                  ["docs/prolex.md"]))
    entries: list[dict[str, Any]] = [
        {"id": i, "kind": "file", "path": f"data/prolex/{name}", "what": what,
         "upstream_url": PROLEX_RAW + upstream, "used_by": users, **common}
        for i, upstream, name, what, users in files]
    entries.append({
        "id": "prolex-vectors", "kind": "folder", "path": "prolex-vectors",
        "what": "made-up ProLex predictions files with the figures of the benchmark's own "
                "evaluate.py (cases.jsonl) for ProLex parity tests",
        "version": "evaluate.py at commit f54ba0f", "licence": "made for this project",
        "upstream_url": "", "upstream_sha256": "",
        "note": "produced with the benchmark's evaluator; no public download (the tests that "
                "read it are skipped without it)",
        "used_by": ["tests/test_prolex_scoring.py"], "input": "prolex-vectors", "fetch": "",
        "groups": []})
    return entries


def _field_entries() -> list[dict[str, Any]]:
    """Return the field's released outputs (`datasets.field_outputs`), each from its
    repository at the pinned commit, under the shared root where ../shared holds them."""
    return [{
        "id": output.id, "kind": "file", "path": output.path, "what": output.what,
        "version": f"{output.repository.name} at commit {output.repository.commit[:7]}",
        "licence": output.repository.licence, "upstream_url": output.url,
        "note": f"`lexsub fetch {FETCH_GROUP}` (or `{output.repository.fetch}`) puts "
                f"{output.upstream} of {output.repository.name} (commit "
                f"{output.repository.commit[:7]}) under <shared root>/{output.path}, where "
                "../shared holds it; an evaluation input, never committed",
        "used_by": ["lexsub_baselines.datasets.field_outputs"], "input": output.repository.fetch,
        "fetch": "file", "groups": [FETCH_GROUP]}
        for output in FIELD_OUTPUTS]


def _omw_entries() -> list[dict[str, Any]]:
    """Return the Open Multilingual Wordnet files (omw-data at the recorded commits)."""
    entries = []
    for language, (commit, folder, version, licence, what) in OMW_DATA.items():
        name = OMW_FILES[language][-1]
        entries.append({
            "id": f"omw-{language}", "kind": "file", "path": "/".join(OMW_FILES[language]),
            "what": what, "version": version, "licence": licence,
            "upstream_url": f"https://github.com/omwn/omw-data/raw/{commit}/{folder}/{name}",
            "note": f"`lexsub fetch omw` puts the file of omwn/omw-data (commit {commit[:7]}, "
                    f"{folder}/, unchanged; the file differs at later commits) under the "
                    "shared root, where ../shared holds it",
            "used_by": ["lexsub_baselines.resources.omw"], "input": "omw", "fetch": "file",
            "groups": ["baselines"]})
    return entries


def _dpkg(*args: str) -> str:
    result = subprocess.run(["dpkg-query", *args], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise LexsubError(f"dpkg-query {' '.join(args)} failed: {result.stderr.strip()} "
                          "(run `make setup` to install the Debian packages)")
    return result.stdout.strip()


def _debian_entries() -> list[dict[str, Any]]:
    """Return one entry per Debian package, its members being the files the code reads."""
    used = [DEBIAN_WORDNET_DIR / name for name in WORDNET_FILES] + [LEXNAMES_MAN_PAGE]
    used += [FREEDICT_DIR / "freedict-eng-spa.index", FREEDICT_DIR / "freedict-eng-spa.dict.dz"]
    used += [DEBIAN_MYTHES_DIR / variant.file for variant in MYTHES.values()]
    owners: dict[str, list[str]] = {}
    for path in used:
        owner = _dpkg("-S", str(path)).split(":")[0]
        owners.setdefault(owner, []).append(str(path))
    wordnet_note = ("without root, `lexsub fetch wordnet` unpacks the same files from the "
                    "package under the data root (the wordnet-* entries); or set "
                    f"{WORDNET_DIR_ENV} to a folder holding the WordNet 3.0 database files and "
                    "`lexnames` (the folder dict/ of Princeton's WordNet-3.0.tar.gz)")
    facts = {
        "wordnet-base": ("Princeton WordNet 3.0 database files (and the lexnames(5WN) page "
                         "from which the `lexnames` file NLTK needs is generated)",
                         "WordNet 3.0 licence (Princeton University)", DEBIAN_WORDNET_DIR,
                         "lexsub_baselines.resources.wordnet_nltk", "wordnet", wordnet_note,
                         ["scoring", "baselines"]),
        "wordnet-sense-index": ("Princeton WordNet 3.0 sense index",
                                "WordNet 3.0 licence (Princeton University)",
                                DEBIAN_WORDNET_DIR, "lexsub_baselines.resources.wordnet_nltk",
                                "wordnet", wordnet_note, ["scoring", "baselines"]),
        "dict-freedict-eng-spa": ("FreeDict English->Spanish dictionary (dictd format)",
                                  "GPL-2+", FREEDICT_DIR, "lexsub_baselines.resources.bilingual",
                                  "freedict", "elsewhere, put "
                                  "freedict-eng-spa.{index,dict.dz} of FreeDict's eng-spa "
                                  f"release in {FREEDICT_DIR}", ["baselines"]),
        **{variant.package: (f"LibreOffice's MyThes thesaurus {variant.file}",
                             variant.licence, DEBIAN_MYTHES_DIR,
                             "lexsub_baselines.resources.mythes",
                             "mythes", "without root, `lexsub fetch mythes` unpacks the same "
                             "file from the package under the data root (the mythes-* entries)",
                             ["baselines"])
           for variant in MYTHES.values()},
    }
    entries = []
    for package in sorted(owners, key=list(facts).index):
        what, licence, folder, user, name, note, groups = facts[package]
        version, homepage = _dpkg("-W", "-f=${Version}\t${Homepage}", package).split("\t")
        entries.append({
            "id": f"debian-{package}", "kind": "debian", "path": str(folder), "what": what,
            "package": package, "version": version, "members": sorted(owners[package]),
            "licence": licence, "upstream_url": homepage, "upstream_sha256": "",
            "note": f"install with apt-get install {package} (scripts/setup.sh does); {note}",
            "used_by": [user], "input": name, "fetch": "", "groups": groups})
    return entries


def _wordnet_fetch_entries() -> list[dict[str, Any]]:
    """Return one entry per file `lexsub fetch wordnet` takes out of Debian's packages."""
    entries = []
    for source in [*(DEBIAN_WORDNET_DIR / name for name in WORDNET_FILES), LEXNAMES_MAN_PAGE]:
        package = "wordnet-sense-index" if source.name == "index.sense" else "wordnet-base"
        digest, size, unpacked, sha1 = WORDNET_DEBS[package]
        deb = f"{package}_{WORDNET_DEB_VERSION.split(':')[-1]}_all.deb"
        folder = "man/man5" if source == LEXNAMES_MAN_PAGE else "wordnet"
        entries.append({
            "id": f"wordnet-{source.name.removesuffix('.5WN.gz')}", "kind": "file",
            "path": f"data/{FETCHED_WORDNET_DIR.rsplit('/', 1)[0]}/{folder}/{source.name}",
            "what": (f"WordNet 3.0 {source.name}" if folder == "wordnet" else
                     "the lexnames(5WN) page (the `lexnames` file NLTK needs is made from it)"),
            "version": WORDNET_DEB_VERSION, "licence": "WordNet 3.0 licence (Princeton "
            "University)", "upstream_url": DEBIAN_POOL + deb, "upstream_sha256": digest,
            "upstream_bytes": size, "unpacked_bytes": unpacked, "measured_from": source,
            "note": f"`lexsub fetch wordnet` takes it out of Debian's {package} "
                    f"{WORDNET_DEB_VERSION} (bookworm) into the data root when "
                    f"{DEBIAN_WORDNET_DIR} lacks WordNet; "
                    f"the same bytes as the installed package's {source}. Should the pool "
                    f"drop this version: https://snapshot.debian.org/file/{sha1} (by its sha1; "
                    "unverified)",
            "used_by": ["lexsub_baselines.inputs.wordnet_files"], "input": "wordnet",
            "fetch": f"archive:{source.name}", "groups": ["scoring", "baselines"]})
    return entries


def _mythes_fetch_entries() -> list[dict[str, Any]]:
    """Return one entry per MyThes file `lexsub fetch mythes` takes out of Debian's packages."""
    entries = []
    for variant in MYTHES.values():
        digest, size, unpacked, sha1 = MYTHES_DEBS[variant.package]
        deb = f"{variant.package}_{MYTHES_DEB_VERSION.split(':')[-1]}_all.deb"
        source = DEBIAN_MYTHES_DIR / variant.file
        entries.append({
            "id": f"mythes-{variant.name}", "kind": "file",
            "path": f"data/{FETCHED_MYTHES_DIR}/{variant.file}",
            "what": f"LibreOffice's MyThes thesaurus {variant.file} ({variant.package})",
            "version": MYTHES_DEB_VERSION, "licence": variant.licence,
            "upstream_url": MYTHES_POOL + deb, "upstream_sha256": digest,
            "upstream_bytes": size, "unpacked_bytes": unpacked, "measured_from": source,
            "note": f"`lexsub fetch mythes` takes it out of Debian's {variant.package} "
                    f"{MYTHES_DEB_VERSION} (bookworm) into the data root, where the reader "
                    f"finds it when {DEBIAN_MYTHES_DIR} lacks it; the same bytes as the "
                    f"installed package's {source}. Should the pool drop this version: "
                    f"https://snapshot.debian.org/file/{sha1} (by its sha1; unverified)",
            "used_by": ["lexsub_baselines.resources.mythes"], "input": "mythes",
            "fetch": f"archive:{variant.file}", "groups": ["baselines"]})
    return entries


def _kenlm_entry() -> dict[str, Any]:
    text = KENLM_SCRIPT.read_text(encoding="utf-8")
    version = re.search(r"^KENLM_VERSION=(\S+)$", text, re.M)
    digest = re.search(r"^KENLM_SHA256=([0-9a-f]{64})$", text, re.M)
    if not version or not digest:
        raise LexsubError(f"{KENLM_SCRIPT}: KENLM_VERSION / KENLM_SHA256 not found")
    return {
        "id": "pypi-kenlm-sdist", "kind": "pypi", "path": "pypi:kenlm", "package": "kenlm",
        "version": version.group(1), "sha256": digest.group(1),
        "what": "KenLM source distribution (C++ source of lmplz and build_binary)",
        "licence": "LGPL (most files; see LICENSE in the sdist)",
        "upstream_url": f"https://pypi.org/project/kenlm/{version.group(1)}/",
        "upstream_sha256": digest.group(1),
        "note": "`make kenlm` downloads it (pip download --no-binary kenlm) and builds it "
                "(scripts/build_kenlm.sh); `lexsub fetch` does not",
        "used_by": ["scripts/build_kenlm.sh", "lexsub_baselines.inputs.kenlm_tools"],
        "input": "kenlm", "fetch": "", "groups": ["baselines"]}


def _caps(draft: Resource, served: int) -> dict[str, Any]:
    """Return the caps of a fetch of `draft` (`served`: the bytes its URL serves, if measured;
    an archive's are set by `_archive_caps` once its files are measured)."""
    if not draft.fetch:
        return {}
    host = draft.upstream_url.split("/")[2]
    caps: dict[str, Any] = {"redirect_hosts": tuple(REDIRECT_HOSTS.get(host, ()))}
    return caps if draft.fetch.startswith("archive:") else {**caps, "upstream_bytes": served}


def _archive_caps(resources: list[Resource]) -> list[Resource]:
    """Return `resources` with each archive entry's caps: `ARCHIVE_MARGIN` times the bytes of
    the files taken from its archive (the archives are not at hand to measure), but where the
    entry records measured caps (WordNet's packages)."""
    taken: dict[str, int] = {}
    for resource in resources:
        if resource.fetch.startswith("archive:") and not resource.unpacked_bytes:
            taken[resource.upstream_url] = taken.get(resource.upstream_url, 0) + resource.bytes
    return [dataclasses.replace(r, upstream_bytes=ARCHIVE_MARGIN * taken[r.upstream_url],
                                unpacked_bytes=ARCHIVE_MARGIN * taken[r.upstream_url])
            if r.upstream_url in taken and r.fetch.startswith("archive:") else r
            for r in resources]


def build_manifest(shared: str | None, data: str | None) -> Manifest:
    """Return the manifest measured from the roots, the Debian packages and the KenLM sdist."""
    roots = resolve_roots(shared, data)
    resources = []
    for entry in [*_shared_entries(), *_wordnet_fetch_entries(), *_mythes_fetch_entries(),
                  *_debian_entries(),
                  _kenlm_entry()]:
        entry.setdefault("upstream_sha256", "")
        source = entry.pop("measured_from", None)
        draft = Resource(**{**entry, "bytes": 0, "used_by": tuple(entry["used_by"]),
                            "groups": tuple(entry["groups"]),
                            "members": tuple(entry.get("members", ()))})
        where = source or locate(draft, roots, BUILD_ROOT)
        measured: dict[str, Any] = {}
        if draft.kind in ("file", "pypi"):
            if not where.is_file():
                raise MissingResourceError(draft.what, where, "the manifest records what is "
                                           "present: point the roots at a complete copy")
            measured = {"sha256": file_sha256(where), "bytes": where.stat().st_size}
            content = _xz_content(where) if draft.fetch == "xz" else ("", 0)
            if not draft.upstream_sha256 and draft.fetch in ("file", "xz"):
                measured["upstream_sha256"] = (measured["sha256"] if draft.fetch == "file"
                                               else content[0])
            measured.update(_caps(draft, content[1] or measured["bytes"]))
            if draft.kind == "pypi" and measured["sha256"] != draft.sha256:
                raise LexsubError(f"{where}: sha256 {measured['sha256']} differs from "
                                  f"{KENLM_SCRIPT.name}'s {draft.sha256}")
        else:
            files = (digests.folder_files(where) if draft.kind == "folder"
                     else [(m, Path(m)) for m in draft.members])
            if not files:
                raise MissingResourceError(draft.what, where, "point the roots at a complete "
                                           "copy")
            digest = digests.tree((name, digests.sha256(path)) for name, path in files)
            measured = {"tree_sha256": digest, "file_count": len(files),
                        "bytes": sum(path.stat().st_size for _, path in files)}
        resources.append(dataclasses.replace(draft, **measured))
    return Manifest(tuple(_archive_caps(resources)), "scripts/make_manifest.py")


def _xz_content(path: Path) -> tuple[str, int]:
    """Return (sha256, size) of the uncompressed content of an xz file."""
    with lzma.open(path) as handle:
        data = handle.read()
    return digests.sha256(path, xz=True), len(data)


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check, compare) the manifest; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared-root", default=None, help="default: LEXSUB_SHARED_ROOT or "
                        "../shared")
    parser.add_argument("--data-root", default=None, help="default: <shared root>/data")
    parser.add_argument("--output", type=Path, default=OUTPUT, help=f"default {OUTPUT}")
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 when --output differs from the measured one")
    args = parser.parse_args(argv)
    try:
        manifest = build_manifest(args.shared_root, args.data_root)
    except LexsubError as error:
        print(f"make_manifest: error: {error}", file=sys.stderr)
        return 2
    text = manifest.to_text()
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.is_file() else ""
        if current != text:
            print(f"make_manifest: {args.output} is out of date; re-run without --check",
                  file=sys.stderr)
            return 1
        print(f"make_manifest: {args.output} is up to date")
        return 0
    atomic_write_text(args.output, text)
    print(f"make_manifest: wrote {args.output} ({len(manifest.resources)} entries)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
