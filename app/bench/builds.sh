# Sourced by the app/bench scripts that compare builds side by side: what a WHAT argument names.
#   worktree   this checkout as last built (app/target), copied aside at the start (a build meanwhile
#              changes nothing); NO_BUILD=1 skips building it first
#   /DIR       another checkout, as last built there (DIR/app/target), copied aside like worktree: a
#              change tried before it is committed
#   REV        a git revision (commit, branch, HEAD~3): git archive into /tmp/tickbench-bench-builds/SHA,
#              built there once with Maven ($MAVEN_ARGS applies)
#   WHAT@F1,F2 the same with JVM flags F1 F2 added (a comma for each space): worktree@-XX:TieredStopAtLevel=1
# bench_prepare WHAT DIR prints the class path of WHAT's app (its jar and target/dependency), copied under DIR.
BENCH_BUILDS=${BENCH_BUILDS:-/tmp/tickbench-bench-builds}

bench_classpath_of() {
  local tree=$1 jar
  jar=$(ls "$tree"/app/target/app-*.jar 2>/dev/null | grep -v -- '-tests\|-sources' | head -1)
  [[ -n $jar && -d $tree/app/target/dependency ]] || return 1
  echo "$jar:$tree/app/target/dependency/*"
}

bench_build_tree() {
  local tree=$1 log
  log=$BENCH_BUILDS/build$(echo "$tree" | tr / _).log # outside the tree: a checkout stays clean
  mkdir -p "$BENCH_BUILDS"
  echo "building $tree (Maven, quiet; log in $log)…" >&2
  (cd "$tree" && ./mvnw -B -q -pl app -am package -DskipTests -Dapp.installers.skip=true >"$log" 2>&1) \
    || { echo "the build of $tree failed:" >&2; tail -20 "$log" >&2; return 1; }
}

bench_what() { echo "${1%%@*}"; }
bench_flags() { [[ $1 == *@* ]] && echo "${1#*@}" | tr ',' ' ' || true; }

bench_prepare() {
  local what dir=$2 sha tree
  what=$(bench_what "$1")
  mkdir -p "$BENCH_BUILDS"
  case $what in
    worktree | /*)
      local src=$ROOT name=worktree
      if [[ $what == /* ]]; then
        src=$what name=$(echo "$what" | tr / _)
      elif [[ ${NO_BUILD:-0} != 1 && ! -d $dir/worktree ]]; then
        bench_build_tree "$ROOT" || return 1
      fi
      bench_classpath_of "$src" >/dev/null || { echo "no built app under $src/app/target" >&2; return 1; }
      tree=$dir/$name
      if [[ ! -d $tree ]]; then
        mkdir -p "$tree/app/target"
        cp -r "$src"/app/target/app-*.jar "$src/app/target/dependency" "$tree/app/target/"
      fi ;;
    *)
      sha=$(git -C "$ROOT" rev-parse --short=10 "$what^{commit}") || { echo "not a revision: $what" >&2; return 1; }
      tree=$BENCH_BUILDS/$sha
      if ! bench_classpath_of "$tree" >/dev/null; then
        rm -rf "$tree" && mkdir -p "$tree"
        git -C "$ROOT" archive "$sha" | tar -x -C "$tree"
        bench_build_tree "$tree" || return 1
      fi ;;
  esac
  bench_classpath_of "$tree"
}
