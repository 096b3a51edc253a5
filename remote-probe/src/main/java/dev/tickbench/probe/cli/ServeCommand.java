package dev.tickbench.probe.cli;

import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.probe.budget.MemoryBudget;
import dev.tickbench.probe.common.HostPort;
import dev.tickbench.probe.common.UserError;
import dev.tickbench.probe.http.BearerToken;
import dev.tickbench.probe.http.LineHub;
import dev.tickbench.probe.http.ProbeHttpServer;
import dev.tickbench.probe.http.SamplerProbe;
import dev.tickbench.probe.ssh.ProbeSshServer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code serve}: the probe as a service. HTTP for Prometheus and live viewers, and optionally an
 * embedded SSH server that runs only the probe's own commands. Runs until SIGTERM/SIGINT.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description =
                "Serve /healthz /capabilities /metrics /stream /triggers over HTTP (and the probe's commands over SSH).")
public final class ServeCommand implements Callable<Integer> {
    static final String DEFAULT_HTTP = "127.0.0.1:9123";

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    SamplerOptions sampling;

    @Mixin
    SessionOptions session;

    @Mixin
    FormatOption format;

    @Mixin
    TriggerOptions triggers;

    @Mixin
    RecorderOptions recorder;

    @Option(
            names = "--http",
            paramLabel = "ADDR:PORT",
            description = "HTTP address (default: " + DEFAULT_HTTP + "; a non-loopback address needs --token)")
    String http = DEFAULT_HTTP;

    @Option(
            names = "--token",
            paramLabel = "FILE",
            description = "bearer token file: every endpoint but /healthz then needs 'Authorization: Bearer <token>'")
    Path tokenFile;

    @Option(
            names = "--tls-cert",
            paramLabel = "FILE",
            description = "serve HTTPS: certificate chain, PEM (with --tls-key)")
    Path tlsCert;

    @Option(
            names = "--tls-key",
            paramLabel = "FILE",
            description = "serve HTTPS: private key, unencrypted PKCS#8 PEM (BEGIN PRIVATE KEY)")
    Path tlsKey;

    @Option(
            names = "--buffer",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "how much of the stream /stream?since=SEQ can replay (default: 60s)")
    Duration buffer = Duration.ofSeconds(60);

    @Option(names = "--ssh", paramLabel = "ADDR:PORT", description = "also serve the probe's commands over SSH here")
    String ssh;

    @Option(names = "--authorized-keys", paramLabel = "FILE", description = "public keys allowed in (with --ssh)")
    Path authorizedKeys;

    @Option(
            names = "--host-key",
            paramLabel = "FILE",
            description = "SSH host key; generated on first start and kept (with --ssh)")
    Path hostKey;

    @Option(
            names = "--ssh-user",
            paramLabel = "NAME",
            description = "user name SSH clients must log in as (default: the user running the probe)")
    String sshUser = System.getProperty("user.name");

    @Override
    public Integer call() throws Exception {
        sampling.validate();
        session.validate();
        format.format();
        triggers.validate();
        if (recorder.given() && !triggers.given()) {
            throw new UserError("--dir only makes sense with --trigger EXPR: captures are written around triggers", 2);
        }
        dev.tickbench.core.recorder.RecorderConfig recording =
                recorder.given() ? recorder.config(MemoryBudget.ofThisJvm().recorderRingBytes()) : null;
        HostPort httpBind = HostPort.parse("--http", http);
        BearerToken token = tokenFile == null ? null : BearerToken.read(tokenFile);
        ProbeHttpServer.checkBinding(httpBind, token); // before anything starts
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new UserError("--tls-cert and --tls-key go together: give both, or neither for plain HTTP", 2);
        }
        ProbeHttpServer.Tls tls = tlsCert == null ? null : ProbeHttpServer.Tls.read(tlsCert, tlsKey);
        HostPort sshBind = sshBind();
        PrintWriter err = spec.commandLine().getErr();
        MemoryBudget budget = MemoryBudget.ofThisJvm();
        CountDownLatch stop = new CountDownLatch(1);
        Thread hook = new Thread(stop::countDown, "tickbench-serve-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try (dev.tickbench.core.session.Session session = this.session.createSession(sampling);
                LineHub hub = new LineHub(buffer.toNanos(), budget.ringBytes());
                dev.tickbench.core.recorder.FlightRecorder flight = ServeTriggers.recorder(recording, err)) {
            Sampler sampler = format.apply(session.sampler());
            sampler.addSink(hub); // before start: the hub sees the hello (user_hz, capabilities) first
            triggers.arm(session.triggers(), err, "serve");
            if (flight != null) {
                sampler.addSink(flight);
            }
            try (ProbeHttpServer server =
                            ProbeHttpServer.start(httpBind, token, tls, new SamplerProbe(sampler), hub, budget);
                    ProbeSshServer sshServer = sshBind == null
                            ? null
                            : ProbeSshServer.start(sshBind, authorizedKeys, hostKey, sshUser, budget, this::sshVerbs)) {
                server.add(new dev.tickbench.probe.http.TriggersEndpoint(session.triggers(), flight));
                sampler.start();
                if (tls == null && !httpBind.isLoopback("--http")) {
                    err.println(
                            "tickbench-probe serve: warning: --http " + http + " is not loopback and has no --tls-cert:"
                                    + " the bearer token and the data cross the network in clear");
                }
                err.println("tickbench-probe serve: memory budget: " + budget);
                err.println("tickbench-probe serve: " + (tls == null ? "http" : "https") + " listening on "
                        + hostPort(
                                server.address().getAddress().getHostAddress(),
                                server.address().getPort())
                        + (token == null ? " (no token, loopback only)" : " (bearer token required)"));
                if (sshServer != null) {
                    err.println("tickbench-probe serve: ssh listening on "
                            + hostPort(sshBind.resolve("--ssh").getAddress().getHostAddress(), sshServer.port())
                            + " for user " + sshUser + ", host key "
                            + sshServer.fingerprint());
                }
                err.flush();
                stop.await();
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is what stopped us
            }
        }
        return 0;
    }

    private HostPort sshBind() {
        if (ssh == null) {
            if (authorizedKeys != null || hostKey != null) {
                throw new UserError("--authorized-keys and --host-key only make sense with --ssh ADDR:PORT", 2);
            }
            return null;
        }
        if (authorizedKeys == null || hostKey == null) {
            throw new UserError("--ssh needs --authorized-keys FILE and --host-key FILE", 2);
        }
        return HostPort.parse("--ssh", ssh);
    }

    /**
     * The command line of the commands run over SSH: one server, one set of roots, so a root given to
     * serve is every SSH command's default too (over SSH a client cannot name one: SshFlags).
     */
    private CommandLine sshVerbs() {
        CommandLine cl = ProbeMain.commandLine();
        String proc = sampling.procRoot.toAbsolutePath().toString();
        String sys = sampling.sysRoot.toAbsolutePath().toString();
        cl.setDefaultValueProvider(arg -> arg instanceof OptionSpec o
                ? switch (o.longestName()) {
                    case "--proc-root" -> proc;
                    case "--sys-root" -> sys;
                    default -> null;
                }
                : null);
        return cl;
    }

    private static String hostPort(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
