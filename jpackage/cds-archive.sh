#!/bin/sh
# The app's class-data archive (AppCDS, jpackage/README.md "Class-data archive"): shipped in the app
# image as lib/cds-archive.sh. Makes lib/app/tickbench.jsa for the image where it lies now, from the
# class list the build recorded (lib/app/tickbench.classlist), with the image's own runtime, and puts it
# in place only whole: dumped to a temporary name, then a trial start with -Xshare:on (which refuses an
# archive it cannot map) and -XX:+VerifySharedSpaces (every region's CRC), then renamed. The launcher's
# .cfg names $APPDIR/tickbench.jsa; a missing archive is ignored by the JVM, a damaged one would kill it.
#
# Why not made at build time: a JDK 17 archive records the class path as it was dumped and the jars'
# sizes and times, and is refused at another path (tried: "shared class paths mismatch"), so the one
# for /opt/tickbench is made there, by the package's postinst; build.sh makes one for the image in
# jpackage/target/app/tickbench (after the .deb, which must not carry it) so that it can be measured.
#
# Both runs go through a copy of the image's own launcher with a .cfg of its own (the launcher reads
# lib/app/NAME.cfg for bin/NAME): the JVM then has exactly the class path the launcher gives it, which
# the archive must match. Usage: cds-archive.sh [make|remove]. Prints one line; exit 1 on failure.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
app=$root/lib/app
archive=$app/tickbench.jsa
list=$app/tickbench.classlist
name=.tickbench-cds-$$
launcher=$root/bin/$name
cfg=$app/$name.cfg
part=$app/$name.jsa

cleanup() { rm -f "$launcher" "$cfg" "$part" "$app/$name.log"; }
trap cleanup EXIT

case ${1:-make} in
  remove) rm -f "$archive"; exit 0 ;;
  make) ;;
  *) echo "usage: cds-archive.sh [make|remove]" >&2; exit 2 ;;
esac
[ -f "$list" ] || { echo "cds-archive.sh: no class list $list: the image was built without one (jpackage/build.sh)" >&2; exit 1; }

# runs the launcher's JVM with the .cfg's options and then $1 (one option a line), the rest as arguments
run_with() {
  opts=$1
  shift
  cp "$root/bin/tickbench" "$launcher"
  { cat "$app/tickbench.cfg"; printf '%s\n' "$opts" | sed 's/^/java-options=/'; } >"$cfg"
  "$launcher" "$@" >"$app/$name.log" 2>&1
}

rm -f "$part"
if ! run_with "-Xshare:dump
-XX:SharedClassListFile=$list
-XX:SharedArchiveFile=$part" || [ ! -s "$part" ]; then
  echo "cds-archive.sh: dumping the class-data archive failed: $(tail -3 "$app/$name.log" | tr '\n' ' ')" >&2
  exit 1
fi
# the app's --help prints its usage and ends before any window: the JVM has mapped the archive by then
if ! run_with "-XX:SharedArchiveFile=$part
-Xshare:on
-XX:+VerifySharedSpaces" --help; then
  echo "cds-archive.sh: the JVM refused the archive it made: $(tail -3 "$app/$name.log" | tr '\n' ' ')" >&2
  exit 1
fi
chmod 644 "$part"
mv -f "$part" "$archive"
echo "class-data archive $archive: $(du -h "$archive" | cut -f1)"
