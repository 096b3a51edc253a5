package dev.tickbench.app.connect;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.sshd.client.session.ClientSession;

/**
 * Any SSH host with Java 17+: the bundled probe jar is uploaded to {@code ~/.cache/tickbench/}
 * (when missing or different) and {@code java -jar … stream …} runs over an exec channel.
 */
public final class SshProbeConnection extends SshStreamConnection {
    static final int MIN_JAVA = 17;
    /** The probe is small: a small heap and the serial GC keep it cheap on the target (platform-notes). */
    static final List<String> PROBE_JVM_FLAGS = List.of("-Xmx64m", "-XX:+UseSerialGC");
    static final String JAVA_FIX = "Install Java " + MIN_JAVA + " or newer there, e.g. "
            + "`sudo apt install openjdk-17-jre-headless` (Debian/Ubuntu) or `sudo dnf install java-17-openjdk-headless`"
            + " (Fedora/RHEL), and make sure `java` is on the PATH of non-interactive SSH sessions.";
    private static final Pattern VERSION = Pattern.compile("version \"(\\d+)(?:\\.(\\d+))?");

    private final BundledProbe probe;
    /** {@code java … -jar <placed jar>} of the last prepared session, for {@link #runProbe}. */
    private volatile List<String> launch;

    public SshProbeConnection(SshTarget target, StreamRequest request, ConnectPrompts prompts, Path knownHosts,
            BundledProbe probe) {
        super(target, request, prompts, knownHosts);
        this.probe = probe;
    }

    @Override
    Prepared prepare(ClientSession session) throws ConnectFailure {
        if (probe == null) {
            throw new ConnectFailure("This build of Tickbench carries no probe jar to upload (build it with"
                    + " `mvn package`, which bundles remote-probe/target/tickbench-probe.jar).", true);
        }
        String java = checkJava(session);
        ProbeUpload.Placed placed;
        try {
            placed = ProbeUpload.ensure(session, probe, prompts);
        } catch (IOException e) {
            throw new ConnectFailure("Cannot upload the probe to ~/" + ProbeUpload.CACHE_DIR + " on " + title() + ": "
                    + SshLink.reason(e) + ". Is the home directory writable and SFTP enabled?", false, e);
        }
        List<String> words = new ArrayList<>(List.of("java"));
        words.addAll(PROBE_JVM_FLAGS);
        words.add("-jar");
        words.add(placed.remotePath());
        launch = List.copyOf(words);
        words.addAll(request.streamArgs());
        return new Prepared(StreamRequest.shellJoin(words), "Java " + java + " · probe " + probe.remoteName()
                + (placed.uploaded() ? " (uploaded)" : " (already there)"));
    }

    @Override
    List<String> probeLaunch() {
        return launch;
    }

    /** Returns the version text; a missing or old Java is a permanent failure saying how to fix it. */
    private String checkJava(ClientSession session) throws ConnectFailure {
        SshLink.Result r;
        try {
            r = SshLink.run(session, "java -version");
        } catch (IOException e) {
            throw new ConnectFailure("Cannot run `java -version` on " + title() + ": " + SshLink.reason(e), false, e);
        }
        String text = r.err() + r.out();
        Integer major = javaMajor(text);
        if (r.exitStatus() == null || r.exitStatus() != 0 || major == null) {
            throw new ConnectFailure("No Java on " + title() + " (`java -version` said: "
                    + firstLine(text, "exit status " + r.exitStatus()) + "). " + JAVA_FIX, true);
        }
        if (major < MIN_JAVA) {
            throw new ConnectFailure("Java " + major + " on " + title() + " is too old: the probe needs Java " + MIN_JAVA
                    + "+. " + JAVA_FIX, true);
        }
        Matcher m = Pattern.compile("version \"([^\"]+)\"").matcher(text);
        return m.find() ? m.group(1) : Integer.toString(major);
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

    private static String firstLine(String text, String orElse) {
        String t = text.strip();
        if (t.isEmpty()) {
            return orElse;
        }
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }
}
