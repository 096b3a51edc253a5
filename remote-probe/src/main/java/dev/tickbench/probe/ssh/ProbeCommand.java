package dev.tickbench.probe.ssh;

import dev.tickbench.probe.budget.MemoryBudget;
import dev.tickbench.probe.common.CommandIo;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;
import org.apache.sshd.server.Environment;
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

    /** The queue of a command's stderr: error lines, little. */
    static final int ERR_QUEUE_BYTES = 64 << 10;

    private volatile QueuedOutputStream output;
    private volatile QueuedOutputStream errors;
    private volatile ChannelSession channel;
    private final MemoryBudget budget;
    private final CommandSlots slots;
    private final SessionSlots sessions;
    private final Supplier<CommandLine> verbs;

    /**
     * @param slots shared by the server's commands: each runs its own sampler
     * @param sessions told while the command runs, so its session is not idle
     * @param verbs a fresh picocli command line of the probe's verbs (the CLI's, passed in: ssh does not know it)
     */
    ProbeCommand(
            String command,
            MemoryBudget budget,
            CommandSlots slots,
            SessionSlots sessions,
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
        KeyOptions options =
                getServerSession() == null ? null : getServerSession().getAttribute(AuthorizedKeys.OPTIONS);
        String command = options != null && options.command() != null ? options.command() : getCommand();
        List<String> words = command == null ? List.of() : CommandLineSplitter.split(command);
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
            // straight to the channel: a line, into the fresh window of a channel that has sent nothing yet
            PrintWriter err = clientText(getErrorStream());
            err.println("tickbench-probe: " + refusal);
            err.flush();
            onExit(REFUSED, refusal);
            return;
        }
        try (CommandSlots.Lease running = session;
                CommandSlots.Lease held = slot) {
            runAllowed(cl, words, held);
        }
    }

    /**
     * Runs the verb with stdout and stderr queued (it never waits for the client), then waits until both
     * queues are handed to the channel, the gap line of a cut included, however long the client takes: the
     * exit status and the end come after them. Meanwhile the command keeps its slot, and a new command that
     * finds none closes it ({@link CommandSlots.Lease#draining}).
     */
    private void runAllowed(CommandLine cl, List<String> words, CommandSlots.Lease slot) {
        QueuedOutputStream queued =
                new QueuedOutputStream(getOutputStream(), "tickbench-ssh-out", budget.consumerBytes());
        QueuedOutputStream queuedErr = new QueuedOutputStream(getErrorStream(), "tickbench-ssh-err", ERR_QUEUE_BYTES);
        output = queued;
        errors = queuedErr;
        PrintWriter out = writer(queued);
        PrintWriter err = clientText(queuedErr);
        cl.setOut(out);
        cl.setErr(err);
        int status;
        try (CommandIo.Scope scope = CommandIo.bind(getInputStream(), queued, queuedErr)) {
            status = cl.execute(words.toArray(String[]::new));
        }
        out.flush();
        err.flush();
        slot.draining(this::pushOut);
        try {
            queued.finish(); // the output must reach the client before the exit status
            queuedErr.finish();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        onExit(status);
    }

    /** Ends a finished command whose client does not take its last output: its channel closes at once. */
    private void pushOut() {
        ChannelSession c = channel;
        if (c != null) {
            c.close(true);
        }
    }

    @Override
    public void start(ChannelSession channel, Environment env) throws IOException {
        this.channel = channel;
        super.start(channel, env);
    }

    /** Text a command writes to its client's stderr: outside text in it is escaped ({@link ClientText}). */
    private static PrintWriter clientText(OutputStream s) {
        return new PrintWriter(new ClientText(new OutputStreamWriter(s, StandardCharsets.UTF_8)), true);
    }

    private static PrintWriter writer(OutputStream s) {
        return new PrintWriter(new OutputStreamWriter(s, StandardCharsets.UTF_8), true);
    }

    @Override
    public void destroy(ChannelSession channel) throws Exception {
        // the channel closed (client gone): stop a running stream by interrupting its thread
        for (QueuedOutputStream o : new QueuedOutputStream[] {output, errors}) {
            if (o != null) {
                o.abort(); // a write now fails, which ends a stream at once
            }
        }
        Thread runner = cmdRunner;
        if (runner != null) {
            runner.interrupt();
        }
        super.destroy(channel);
    }
}
