package dev.tickbench.app.connect;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.sshd.client.session.ClientSession;

/**
 * Any SSH host with Java 17+: the bundled probe jar is uploaded to {@code ~/.cache/tickbench/}
 * (when missing or different) and {@code java -jar … stream …} runs over an exec channel. A host
 * without a usable Java gets the packaged probe runtime instead, the one for its {@code uname -m}
 * (x86-64 or aarch64) when its C library can run it (glibc 2.34+; {@link RuntimePlatform}):
 * uploaded the same way, unpacked there once, and its launcher runs {@code stream ….}
 */
public final class SshProbeConnection extends SshStreamConnection {
    static final int MIN_JAVA = 17;
    /**
     * The probe is small: a small heap and the serial GC keep it cheap on the target (as in the packaged
     * launcher, jpackage/build.sh); out of memory it exits rather than limping on
     * (SECURITY.md).
     */
    static final List<String> PROBE_JVM_FLAGS = List.of(
            "-Xmx64m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-XX:-UsePerfData",
            "-XX:+ExitOnOutOfMemoryError");

    /**
     * The first launch word: the host's login shell runs the probe's command line with {@code -c}, and
     * {@code exec} makes the shell the probe on every shell. dash (Debian's {@code /bin/sh}) and busybox's
     * ash run a lone command as a child and wait, so without it a probe that dies is the shell's exit status
     * 137, a failure, where under bash (which execs it) it is a signal, a drop the connection comes back from.
     */
    private static final String EXEC = "exec";

    static final String JAVA_FIX = "Install Java " + MIN_JAVA + " or newer there, e.g. "
            + "`sudo apt install openjdk-17-jre-headless` (Debian/Ubuntu) or `sudo dnf install java-17-openjdk-headless`"
            + " (Fedora/RHEL), and make sure `java` is on the PATH of non-interactive SSH sessions.";
    private static final Pattern VERSION = Pattern.compile("version \"(\\d+)(?:\\.(\\d+))?");

    private final BundledProbe probe;
    private final BundledRuntime.Source runtime;
    /** Read once per connection, not on every reconnect (tens of MB); the host's architecture does not change. */
    private BundledRuntime loadedRuntime;
    /** The launch words of the last prepared session ({@code exec java … -jar JAR} or the runtime's launcher). */
    private volatile List<String> launch;

    public SshProbeConnection(
            SshTarget target, StreamRequest request, ConnectPrompts prompts, Path knownHosts, BundledProbe probe) {
        this(target, request, prompts, knownHosts, probe, BundledRuntime::fromResources);
    }

    /** {@code runtime} is where the packaged probe runtimes come from (the class path, or a test's tarball). */
    public SshProbeConnection(
            SshTarget target,
            StreamRequest request,
            ConnectPrompts prompts,
            Path knownHosts,
            BundledProbe probe,
            BundledRuntime.Source runtime) {
        this(target, request, prompts, knownHosts, probe, runtime, SshTimeouts.DEFAULT);
    }

    SshProbeConnection(
            SshTarget target,
            StreamRequest request,
            ConnectPrompts prompts,
            Path knownHosts,
            BundledProbe probe,
            BundledRuntime.Source runtime,
            SshTimeouts timeouts) {
        super(target, request, prompts, knownHosts, timeouts);
        this.probe = probe;
        this.runtime = runtime;
    }

    @Override
    Prepared prepare(ClientSession session) throws ConnectFailure {
        if (probe == null) {
            throw new ConnectFailure(
                    "This build of Tickbench carries no probe jar to upload (build it with"
                            + " `mvn package`, which bundles remote-probe/target/tickbench-probe.jar).",
                    true);
        }
        JavaCheck java = checkJava(session);
        return java.version() != null ? viaJar(session, java.version()) : viaRuntime(session, java.problem());
    }

    private Prepared viaJar(ClientSession session, String java) throws ConnectFailure {
        ProbeUpload.Placed placed;
        try {
            placed = ProbeUpload.ensure(session, probe, prompts);
        } catch (IOException e) {
            throw uploadFailure(e);
        }
        List<String> words = new ArrayList<>(List.of(EXEC, "java"));
        words.addAll(PROBE_JVM_FLAGS);
        words.add("-jar");
        words.add(placed.remotePath());
        launch = List.copyOf(words);
        words.addAll(request.streamArgs());
        return new Prepared(
                StreamRequest.shellJoin(words),
                "Java " + java + " · probe " + probe.remoteName()
                        + (placed.uploaded() ? " (uploaded)" : " (already there)"));
    }

    @Override
    List<String> probeLaunch() {
        return launch;
    }

    /** No usable Java: the packaged runtime for the host's architecture if it can run it and the app has it. */
    private Prepared viaRuntime(ClientSession session, String noJava) throws ConnectFailure {
        // stdout only: a noisy shell rc file on the host writes to stderr before every command
        String machine = remote(session, "uname -m").out().strip();
        RuntimePlatform.Arch arch = RuntimePlatform.Arch.forMachine(machine);
        if (arch == null) {
            throw new ConnectFailure(noJava + " " + RuntimePlatform.archProblem(machine) + " " + JAVA_FIX, true);
        }
        String libc = remote(session, "getconf GNU_LIBC_VERSION").out();
        if (RuntimePlatform.glibcVersion(libc) == null) {
            SshLink.Result ldd = remote(session, "ldd --version"); // musl's ldd writes to stderr
            libc = ldd.out() + ldd.err();
        }
        String libcProblem = RuntimePlatform.libcProblem(libc);
        if (libcProblem != null) {
            throw new ConnectFailure(noJava + " " + libcProblem + " " + JAVA_FIX, true);
        }
        BundledRuntime rt = loadedRuntime;
        try {
            if (rt == null || rt.arch() != arch) {
                rt = runtime.load(arch);
                loadedRuntime = rt;
            }
        } catch (IOException e) {
            throw new ConnectFailure(
                    noJava + " " + JAVA_FIX + " (The packaged " + arch.machine + " probe runtime of"
                            + " this app cannot be read: " + SshLink.reason(e) + ".)",
                    true,
                    e);
        }
        if (rt == null) {
            throw new ConnectFailure(
                    noJava + " " + JAVA_FIX + " (Alternatively use the installed Tickbench package"
                            + " (jpackage/build.sh): it carries probe runtimes that need no Java, for "
                            + RuntimePlatform.supportedMachines() + " hosts with " + RuntimePlatform.MIN_GLIBC
                            + "; this build has none for " + arch.machine + ".)",
                    true);
        }
        ProbeUpload.Placed placed;
        try {
            placed = ProbeUpload.ensure(session, rt.tarball(), rt.sha256(), rt.remoteName(), prompts);
        } catch (IOException e) {
            throw uploadFailure(e);
        }
        String tarball = placed.remotePath();
        String dir = tarball.substring(0, tarball.lastIndexOf('/') + 1) + rt.directoryName();
        SshLink.Result r = remote(session, unpackCommand(tarball, dir), SshTimeouts.UNPACK);
        if (r.exitStatus() == null || r.exitStatus() != 0) {
            throw new ConnectFailure(
                    "Cannot unpack the probe runtime into " + dir + " on " + title() + " (exit status "
                            + r.exitStatus() + "): " + RuntimePlatform.firstLine(r.err() + r.out(), "no message")
                            + ". Is there space in the home directory?",
                    true);
        }
        List<String> words = new ArrayList<>(List.of(EXEC, dir + "/" + BundledRuntime.LAUNCHER));
        launch = List.copyOf(words);
        words.addAll(request.streamArgs());
        return new Prepared(
                StreamRequest.shellJoin(words),
                "no Java 17+ · packaged " + arch.machine + " runtime "
                        + rt.directoryName()
                        + (placed.uploaded() ? " (uploaded)" : " (already there)"));
    }

    /**
     * Unpacks once: into {@code DIR.part}, renamed to DIR when complete, so a dropped link never
     * leaves a half runtime that looks whole; skipped when DIR already has the launcher.
     */
    static String unpackCommand(String tarball, String dir) {
        String d = StreamRequest.shellQuote(dir);
        String part = StreamRequest.shellQuote(dir + ".part");
        return "if [ ! -x " + StreamRequest.shellQuote(dir + "/" + BundledRuntime.LAUNCHER) + " ]; then rm -rf "
                + part + " " + d + " && mkdir -p " + part + " && tar -xzf " + StreamRequest.shellQuote(tarball)
                + " -C " + part + " && mv " + part + " " + d + "; fi";
    }

    private ConnectFailure uploadFailure(IOException e) {
        return new ConnectFailure(
                "Cannot upload the probe to ~/" + ProbeUpload.CACHE_DIR + " on " + title() + ": " + SshLink.reason(e)
                        + ". Is the home directory writable and SFTP enabled?",
                false,
                e);
    }

    private SshLink.Result remote(ClientSession session, String command) throws ConnectFailure {
        return remote(session, command, SshTimeouts.COMMAND);
    }

    private SshLink.Result remote(ClientSession session, String command, Duration limit) throws ConnectFailure {
        try {
            return SshLink.run(session, command, limit);
        } catch (IOException e) {
            throw new ConnectFailure("Cannot run `" + command + "` on " + title() + ": " + SshLink.reason(e), false, e);
        }
    }

    /** Either the Java version text, or why the host's Java cannot run the jar. */
    private record JavaCheck(String version, String problem) {}

    private JavaCheck checkJava(ClientSession session) throws ConnectFailure {
        SshLink.Result r = remote(session, "java -version");
        String text = r.err() + r.out();
        Integer major = javaMajor(text);
        if (r.exitStatus() == null || r.exitStatus() != 0 || major == null) {
            return new JavaCheck(
                    null,
                    "No Java on " + title() + " (`java -version` said: "
                            + javaLine(text, "exit status " + r.exitStatus()) + ").");
        }
        if (major < MIN_JAVA) {
            return new JavaCheck(
                    null, "Java " + major + " on " + title() + " is too old: the probe needs Java " + MIN_JAVA + "+.");
        }
        Matcher m = Pattern.compile("version \"([^\"]+)\"").matcher(text);
        return new JavaCheck(m.find() ? m.group(1) : Integer.toString(major), null);
    }

    /** "17.0.9" → 17, "1.8.0_392" → 8; null when no version is in the text. */
    static Integer javaMajor(String versionText) {
        Matcher m = VERSION.matcher(versionText);
        if (!m.find()) {
            return null;
        }
        int first = Integer.parseInt(m.group(1));
        if (first == 1 && m.group(2) != null) {
            return Integer.parseInt(m.group(2));
        }
        return first;
    }

    /** The line about java (a shell rc file may have written other lines first), else the first. */
    private static String javaLine(String text, String orElse) {
        return text.lines()
                .filter(l -> l.contains("java"))
                .findFirst()
                .map(String::strip)
                .orElseGet(() -> RuntimePlatform.firstLine(text, orElse));
    }
}
