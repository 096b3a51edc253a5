package dev.tickbench.probe.http;

import dev.tickbench.probe.cli.ProbeMain;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code tickbench-probe serve} as a real child JVM on loopback, with its ports read from its stderr. */
public final class ServeProcess implements AutoCloseable {
    /** One timeout for everything that waits on the child (start-up, answers). */
    public static final Duration TIMEOUT = Waits.DEADLINE;
    /** The JVM flags of the deploy files (remote-probe/deploy/, DeployFilesTest): how serve runs on a target. */
    public static final List<String> DEPLOY_JVM = List.of(
            "-Xmx48m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-XX:-UsePerfData",
            "-XX:+ExitOnOutOfMemoryError");

    private static final Pattern HTTP = Pattern.compile("https? listening on (\\S+):(\\d+)");
    private static final Pattern SSH = Pattern.compile("ssh listening on (\\S+):(\\d+)");

    private final Process process;
    private final List<String> stderr = new CopyOnWriteArrayList<>();
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private int httpPort = -1;
    private int sshPort = -1;

    private ServeProcess(Process process) {
        this.process = process;
    }

    /** Starts serve with {@code --http 127.0.0.1:0} added unless given, and waits until it listens. */
    public static ServeProcess start(List<String> jvmFlags, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmFlags);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(ProbeMain.class.getName());
        cmd.add("serve");
        List<String> a = List.of(args);
        if (!a.contains("--http")) {
            cmd.add("--http");
            cmd.add("127.0.0.1:0");
        }
        cmd.addAll(a);
        ServeProcess s = new ServeProcess(new ProcessBuilder(cmd)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start());
        s.awaitListening(a.contains("--ssh"));
        return s;
    }

    private void awaitListening(boolean ssh) throws IOException, InterruptedException {
        BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        Thread reader = new Thread(
                () -> {
                    try {
                        String line;
                        while ((line = r.readLine()) != null) {
                            stderr.add(line);
                        }
                    } catch (IOException e) {
                        // the child ended
                    }
                },
                "serve-stderr");
        reader.setDaemon(true);
        reader.start();
        try {
            Waits.untilChild(() -> "serve to start listening: " + String.join("\n", stderr), process.toHandle(), () -> {
                for (String line : stderr) {
                    Matcher m = HTTP.matcher(line);
                    if (m.find()) {
                        httpPort = Integer.parseInt(m.group(2));
                    }
                    m = SSH.matcher(line);
                    if (m.find()) {
                        sshPort = Integer.parseInt(m.group(2));
                    }
                }
                if (httpPort > 0 && (!ssh || sshPort > 0)) {
                    return true;
                }
                if (!process.isAlive()) {
                    throw new IllegalStateException(
                            "serve exited with " + process.exitValue() + ": " + String.join("\n", stderr));
                }
                return false;
            });
        } catch (AssertionError | IllegalStateException e) {
            close();
            throw e;
        }
    }

    public int httpPort() {
        return httpPort;
    }

    public int sshPort() {
        return sshPort;
    }

    public long pid() {
        return process.pid();
    }

    public List<String> stderr() {
        return stderr;
    }

    public URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + httpPort + pathAndQuery);
    }

    /** GET with an optional bearer token. */
    public HttpResponse<String> get(String path, String token) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).timeout(TIMEOUT);
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() {
        try {
            Waits.stop(process); // SIGTERM: serve's shutdown hook stops the servers and the sampler
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Runs serve expecting it to refuse to start; returns exit status and stderr. */
    public static Refusal refuse(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                ProbeMain.class.getName(),
                "serve"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("serve did not refuse, it kept running: " + err);
        }
        return new Refusal(p.exitValue(), err);
    }

    public record Refusal(int code, String err) {}
}
