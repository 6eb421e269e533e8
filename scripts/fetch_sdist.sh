# Sourced by build_kenlm.sh and build_blis.sh: fetch a package's PyPI source distribution
# into a folder and check its sha256 before anything unpacks it.
#
# fetch_sdist NAME VERSION SHA256 DIR PYTHON: leaves DIR/NAME-VERSION.tar.gz, verified (a file
# already there with that digest is kept; one with another is fetched again); exits 1 naming
# the file and both digests when the download does not match.
fetch_sdist() {
  local name=$1 version=$2 sha256=$3 dir=$4 python=$5
  local sdist="$dir/$name-$version.tar.gz" got
  mkdir -p "$dir"
  if [ ! -f "$sdist" ] || [ "$(sha256sum "$sdist" | cut -d' ' -f1)" != "$sha256" ]; then
    echo "$name: fetching the $name $version source distribution from PyPI"
    rm -f "$sdist"
    # --no-binary: the source distribution, not a wheel (its build requirements may be wheels)
    "$python" -m pip download -q --no-deps --no-binary "$name" "$name==$version" -d "$dir"
  fi
  got=$(sha256sum "$sdist" | cut -d' ' -f1)
  if [ "$got" != "$sha256" ]; then
    echo "$name: $sdist has sha256 $got, expected $sha256; delete it and retry" >&2
    exit 1
  fi
}
