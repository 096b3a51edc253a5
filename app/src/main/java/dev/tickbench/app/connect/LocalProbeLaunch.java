package dev.tickbench.app.connect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * This machine's probe process as it is started ({@link LocalConnection}): the words of its command
 * line, and what they are made of, so that a class-data archive can be made for exactly that command
 * ({@link ProbeArchive}). {@code archive} is the archive named on the command line, null when none is
 * in place and whole yet; then one is made in the background, once per workbench, a while after the
 * start ({@link #trainLater}), so that the next start has it.
 *
 * @param prefix words before {@code java} ({@code setsid})
 * @param flags the JVM flags of every probe launcher ({@link SshProbeConnection#PROBE_JVM_FLAGS})
 * @param streamArgs {@code stream} and its options
 */
record LocalProbeLaunch(
        List<String> prefix, Path java, List<String> flags, Path jar, List<String> streamArgs, Path archive) {
    /** {@code -Dtickbench.probe.archive=off}: no archive used or made (the tests' default, app/pom.xml). */
    static final String ARCHIVE_PROPERTY = "tickbench.probe.archive";
    /** How long after the start the archive is made: the workbench's own start is over by then. */
    static final String DELAY_PROPERTY = "tickbench.probe.archive.delayMs";

    static final long DEFAULT_DELAY_MS = 20_000;
    /** The training run's deadline: its JVM start, 50 samples and the dump, ~3 s of CPU, on a loaded machine. */
    static final long TRAINING_DEADLINE_MS = 120_000;

    private static final List<Path> NICE = List.of(Path.of("/usr/bin/nice"), Path.of("/bin/nice"));
    private static final AtomicBoolean TRAINING = new AtomicBoolean();

    LocalProbeLaunch {
        prefix = List.copyOf(prefix);
        flags = List.copyOf(flags);
        streamArgs = List.copyOf(streamArgs);
    }

    /** The launch of {@code jar}, with the archive for it when one is in place and whole. */
    static LocalProbeLaunch of(List<String> prefix, Path java, Path jar, List<String> streamArgs) {
        List<String> flags = SshProbeConnection.PROBE_JVM_FLAGS;
        Path archive = archivesWanted() ? ProbeArchive.usable(ProbeArchive.file(jar, flags), jar) : null;
        return new LocalProbeLaunch(prefix, java, flags, jar, streamArgs, archive);
    }

    /**
     * Archives are on, and this JVM's runtime has the JDK's own class-data archive that a dynamic one
     * is made on top of: the installed app's jlinked runtime has none (jpackage/README.md), and each of
     * its sessions would try to make one in vain.
     */
    static boolean archivesWanted() {
        return !"off".equals(System.getProperty(ARCHIVE_PROPERTY))
                && Files.isRegularFile(Path.of(System.getProperty("java.home"), "lib", "server", "classes.jsa"));
    }

    /** The whole command line. */
    List<String> command() {
        List<String> words = new ArrayList<>(prefix);
        words.add(java.toString());
        words.addAll(flags);
        if (archive != null) {
            // the VM's messages never on stdout, the stream (a CDS warning went there); -Xshare:auto, the
            // default, runs on without the archive should this JVM refuse it
            words.addAll(ProbeArchive.SAFE_OUTPUT);
            words.add("-XX:SharedArchiveFile=" + archive);
        }
        words.add("-jar");
        words.add(jar.toString());
        words.addAll(streamArgs);
        return words;
    }

    /**
     * Without an archive: makes one in the background after {@value #DELAY_PROPERTY} (20 s), at the
     * lowest CPU priority, once per workbench; a failure is one line on stderr (the probe runs as well
     * without it). Nothing when archives are off or one is in place.
     */
    void trainLater() {
        if (archive != null || !archivesWanted() || !TRAINING.compareAndSet(false, true)) {
            return;
        }
        long delay = Long.getLong(DELAY_PROPERTY, DEFAULT_DELAY_MS);
        Thread t = new Thread(
                () -> {
                    try {
                        Thread.sleep(delay);
                        train();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "tickbench-probe-archive");
        t.setDaemon(true);
        t.start();
    }

    /** Makes the archive now (when none is whole yet); what failed, on stderr. Blocks. */
    void train() {
        train(TRAINING_DEADLINE_MS);
    }

    /** {@link #train()} with its own deadline for the training JVMs together, in ms. */
    void train(long deadlineMs) {
        Path file = ProbeArchive.file(jar, flags);
        if (ProbeArchive.usable(file, jar) != null) {
            return; // another workbench made it meanwhile
        }
        ProbeArchive.pruneLeftovers(file.getParent());
        List<String> nice = NICE.stream()
                .filter(Files::isExecutable)
                .findFirst()
                .map(p -> List.of(p.toString(), "-n", "19"))
                .orElse(List.of());
        try {
            ProbeArchive.train(nice, java, flags, jar, streamArgs, deadlineMs);
        } catch (IOException | RuntimeException e) {
            System.err.println(
                    "tickbench: could not make the class-data archive that starts this machine's probe process"
                            + " faster, in " + file.getParent() + ": " + e.getMessage()
                            + ". The probe runs as well without it;"
                            + " the next start tries again (free space there if it is full).");
        }
    }

    /** Whether {@code event} says the child died of a signal or failed: its archive is then not trusted again. */
    static boolean crashed(ConnectionEvent event) {
        return event instanceof ConnectionEvent.Failed
                || event instanceof ConnectionEvent.Dropped d && d.reason().contains("killed by signal");
    }
}
