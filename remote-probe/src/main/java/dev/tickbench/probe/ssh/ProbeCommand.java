package dev.tickbench.probe.ssh;

import dev.tickbench.probe.common.CommandIo;
import dev.tickbench.probe.budget.MemoryBudget;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.AbstractCommandSupport;
import picocli.CommandLine;

/**
 * One exec request (or a shell request, {@code command == null}) on the probe's SSH server. An allowed
 * command is parsed and run by the probe's own picocli command line, in-process, with the channel's
 * streams; everything else gets a one-line refusal on stderr and exit status {@link #REFUSED}.
 */
final class ProbeCommand extends AbstractCommandSupport {
    /** Exit status of a refused request (as for a usage error). */
    static final int REFUSED = 2;

    /** How long a finished command's queued output may take to reach the client. */
    private static final long DRAIN_MS = 10_000;

    private volatile QueuedOutputStream output;
    private final MemoryBudget budget;
    private final CommandSlots slots;
    private final SessionSlots sessions;
    private final Supplier<CommandLine> verbs;

    /**
     * @param slots shared by the server's commands: each runs its own sampler
     * @param sessions told while the command runs, so its session is not idle
     * @param verbs a fresh picocli command line of the probe's verbs (the CLI's, passed in: ssh does not know it)
     */
    ProbeCommand(String command, MemoryBudget budget, CommandSlots slots, SessionSlots sessions,
            Supplier<CommandLine> verbs) {
        super(command, null);
        this.budget = budget;
        this.slots = slots;
        this.sessions = sessions;
        this.verbs = verbs;
    }

    @Override
    public void run() {
        // command="…" in authorized_keys replaces whatever the client asked for, a shell included
        KeyOptions options = getServerSession() == null ? null : getServerSession().getAttribute(AuthorizedKeys.OPTIONS);
        String command = options != null && options.command() != null ? options.command() : getCommand();
        List<String> words = command == null ? List.of() : CommandLineSplitter.split(command);
        PrintWriter err = new PrintWriter(new ClientText(new OutputStreamWriter(getErrorStream(), StandardCharsets.UTF_8)), true);
        String refusal = Allowlist.refusal(words);
        CommandLine cl = null;
        if (refusal == null) {
            cl = verbs.get();
            if (!cl.getSubcommands().containsKey(words.get(0))) {
                refusal = "'" + words.get(0) + "' is not in this probe build";
            } else {
                refusal = SshFlags.refusal(verbs.get(), words);
            }
        }
        CommandSlots.Lease session = null;
        if (refusal == null && (session = sessions.running(getServerSession())) == null) {
            refusal = "busy: this session holds no slot (its key holds its share of the sessions); reconnect later";
        }
        CommandSlots.Lease slot = null;
        if (refusal == null) {
            String[] busy = new String[1];
            String key = String.valueOf(getServerSession().getAttribute(AuthorizedKeys.KEY));
            slot = slots.acquire(key, Allowlist.isReplay(words), busy);
            refusal = busy[0];
        }
        if (refusal != null) {
            if (session != null) {
                session.close();
            }
            err.println("tickbench-probe: " + refusal);
            err.flush();
            onExit(REFUSED, refusal);
            return;
        }
        try (CommandSlots.Lease running = session; CommandSlots.Lease held = slot) {
            runAllowed(cl, words, err);
        }
    }

    private void runAllowed(CommandLine cl, List<String> words, PrintWriter err) {
        QueuedOutputStream queued = new QueuedOutputStream(getOutputStream(), "tickbench-ssh-out", budget.consumerBytes());
        output = queued;
        PrintWriter out = writer(queued);
        cl.setOut(out);
        cl.setErr(err);
        int status;
        try (CommandIo.Scope scope = CommandIo.bind(getInputStream(), queued, getErrorStream())) {
            status = cl.execute(words.toArray(String[]::new));
        }
        out.flush();
        err.flush();
        try {
            queued.finish(DRAIN_MS); // the output must reach the client before the exit status
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        onExit(status);
    }

    private static PrintWriter writer(OutputStream s) {
        return new PrintWriter(new OutputStreamWriter(s, StandardCharsets.UTF_8), true);
    }

    @Override
    public void destroy(ChannelSession channel) throws Exception {
        // the channel closed (client gone): stop a running stream by interrupting its thread
        QueuedOutputStream o = output;
        if (o != null) {
            o.abort(); // a write now fails, which ends a stream at once
        }
        Thread runner = cmdRunner;
        if (runner != null) {
            runner.interrupt();
        }
        super.destroy(channel);
    }
}
