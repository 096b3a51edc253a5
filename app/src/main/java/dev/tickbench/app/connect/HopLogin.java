package dev.tickbench.app.connect;

import dev.tickbench.core.text.InertText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.sshd.agent.SshAgent;
import org.apache.sshd.client.auth.UserAuthFactory;
import org.apache.sshd.client.auth.keyboard.UserAuthKeyboardInteractiveFactory;
import org.apache.sshd.client.auth.keyboard.UserInteraction;
import org.apache.sshd.client.auth.password.UserAuthPasswordFactory;
import org.apache.sshd.client.auth.pubkey.UserAuthPublicKeyFactory;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;

/**
 * The login of one host on one attempt: which methods are offered, the agent's keys and the key
 * files in OpenSSH's order (agent keys that are an IdentityFile first, then the agent's others unless
 * {@code IdentitiesOnly}, then the files not in the agent, each file's passphrase asked when its turn
 * comes), passwords and keyboard-interactive answers asked in the window. It records what it offered,
 * so that a refusal is said in words: the agent has no key the host accepts, the jump host refused
 * the key, a wrong password.
 *
 * <p>Time the user spends answering is not the host's: {@link #promptNanos()} lets the login's
 * limit leave it out.
 */
final class HopLogin implements UserInteraction, KeyIdentityProvider {
    static final AttributeRepository.AttributeKey<HopLogin> KEY = new AttributeRepository.AttributeKey<>();

    final SshTarget hop;
    /** Null for the target; {@code "jump host"} for a hop. */
    final String role;

    private final ConnectPrompts prompts;
    private final KeyFiles files;
    /** Keys read before connecting ({@link LoginMethod#KEY_FILE}), or null to read them in turn. */
    private final List<KeyPair> preloaded;

    private final Supplier<String> agentAt;

    private final AtomicLong promptNanos = new AtomicLong();
    /** The thread waiting for the user's answer (an SSHD I/O thread), interrupted when the session closes. */
    private Thread asking;

    private final Object askingLock = new Object();
    private final AtomicLong promptSince = new AtomicLong();
    private final AtomicInteger passwordsSent = new AtomicInteger();
    private final List<PublicKey> agentKeys = new CopyOnWriteArrayList<>();
    private final List<String> agentKeyNames = new CopyOnWriteArrayList<>();
    private final List<Path> filesOffered = new CopyOnWriteArrayList<>();
    private final List<String> filesSkipped = new CopyOnWriteArrayList<>();
    private volatile String agentProblem;
    private volatile String agentWhere;
    private volatile boolean cancelled;

    HopLogin(
            SshTarget hop,
            String role,
            ConnectPrompts prompts,
            KeyFiles files,
            List<KeyPair> preloaded,
            Supplier<String> agentAt) {
        this.hop = hop;
        this.role = role;
        this.prompts = prompts;
        this.files = files;
        this.preloaded = preloaded;
        this.agentAt = agentAt;
    }

    /** Sets this login on a session just connected, before its authentication starts. */
    void applyTo(ClientSession session) {
        session.setAttribute(KEY, this);
        session.addCloseFutureListener(f -> {
            synchronized (askingLock) {
                if (asking != null) {
                    asking.interrupt(); // the question is taken away: nobody waits for its answer any more
                }
            }
        });
        session.setUserInteraction(this);
        session.setKeyIdentityProvider(this);
        List<UserAuthFactory> methods = hop.login() == LoginMethod.PASSWORD
                ? List.of(UserAuthKeyboardInteractiveFactory.INSTANCE, UserAuthPasswordFactory.INSTANCE)
                : List.of(UserAuthPublicKeyFactory.INSTANCE);
        session.setUserAuthFactories(new ArrayList<>(methods));
    }

    /** Nanoseconds the user has spent answering so far, the question on screen now included. */
    long promptNanos() {
        long since = promptSince.get();
        return promptNanos.get() + (since == 0 ? 0 : System.nanoTime() - since);
    }

    /** Nanoseconds the question on screen now has waited for the user; 0 when none is. */
    long openPromptNanos() {
        long since = promptSince.get();
        return since == 0 ? 0 : System.nanoTime() - since;
    }

    private <T> T timed(Supplier<T> ask) {
        promptSince.set(System.nanoTime());
        synchronized (askingLock) {
            asking = Thread.currentThread();
        }
        try {
            return ask.get();
        } finally {
            synchronized (askingLock) {
                asking = null;
                Thread.interrupted(); // an SSHD thread: the interruption was for the question only
            }
            promptNanos.addAndGet(System.nanoTime() - promptSince.getAndSet(0));
        }
    }

    /** The session's agent (SSHD's agent factory calls this on authentication), or null. */
    SshAgent agent() {
        if (hop.login() != LoginMethod.AGENT) {
            return null;
        }
        String where = agentAt.get();
        agentWhere = where;
        if (where == null) {
            return null;
        }
        AgentClient agent;
        try {
            agent = new AgentClient(AgentTransport.open(where));
        } catch (IOException | RuntimeException e) {
            agentProblem = "the agent at " + where + " cannot be reached (" + SshLink.reason(e) + ")";
            return null;
        }
        try {
            List<Map.Entry<PublicKey, String>> wanted = new ArrayList<>();
            List<Map.Entry<PublicKey, String>> others = new ArrayList<>();
            List<PublicKey> fileKeys = hop.keyFiles().stream()
                    .map(KeyFiles::publicKeyOf)
                    .filter(k -> k != null)
                    .toList();
            for (Map.Entry<PublicKey, String> id : agent.getIdentities()) {
                boolean isFile = fileKeys.stream().anyMatch(k -> KeyUtils.compareKeys(k, id.getKey()));
                if (isFile) {
                    wanted.add(id);
                } else if (!hop.identitiesOnly()) {
                    others.add(id);
                }
            }
            wanted.addAll(others);
            for (Map.Entry<PublicKey, String> id : wanted) {
                agentKeys.add(id.getKey());
                agentKeyNames.add(KeyUtils.getKeyType(id.getKey()) + " " + InertText.line(id.getValue()));
            }
            return new OfferedKeys(agent, wanted);
        } catch (IOException | RuntimeException e) {
            agentProblem = "the agent at " + where + " did not list its keys (" + SshLink.reason(e) + ")";
            SshLink.closeQuietly(agent);
            return null;
        }
    }

    /** The agent with only the keys to offer, in order. */
    private static final class OfferedKeys extends org.apache.sshd.agent.common.AgentDelegate {
        private final List<Map.Entry<PublicKey, String>> keys;

        OfferedKeys(SshAgent agent, List<Map.Entry<PublicKey, String>> keys) {
            super(agent);
            this.keys = List.copyOf(keys);
        }

        @Override
        public Iterable<? extends Map.Entry<PublicKey, String>> getIdentities() {
            return keys;
        }
    }

    /** The key files' keys, each read when its turn comes; files whose key the agent offered are skipped. */
    @Override
    public Iterable<KeyPair> loadKeys(org.apache.sshd.common.session.SessionContext session) {
        if (hop.login() == LoginMethod.PASSWORD) {
            return List.of();
        }
        if (preloaded != null) {
            filesOffered.addAll(hop.keyFiles());
            return preloaded;
        }
        return () -> new Iterator<>() {
            private final Iterator<Path> next = hop.keyFiles().iterator();
            private final List<KeyPair> ready = new ArrayList<>();

            @Override
            public boolean hasNext() {
                while (ready.isEmpty() && next.hasNext()) {
                    Path f = next.next();
                    PublicKey pub = KeyFiles.publicKeyOf(f);
                    if (pub != null && agentKeys.stream().anyMatch(k -> KeyUtils.compareKeys(k, pub))) {
                        continue; // offered through the agent already, as ssh does
                    }
                    if (!Files.isRegularFile(f)) {
                        filesSkipped.add(f + " does not exist");
                        continue;
                    }
                    try {
                        ready.addAll(timed(() -> {
                            try {
                                return files.load(f, prompts);
                            } catch (ConnectFailure e) {
                                throw new IllegalStateException(e.getMessage(), e);
                            }
                        }));
                        filesOffered.add(f);
                    } catch (IllegalStateException e) {
                        filesSkipped.add(e.getMessage());
                    }
                }
                return !ready.isEmpty();
            }

            @Override
            public KeyPair next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return ready.remove(0);
            }
        };
    }

    @Override
    public boolean isInteractionAllowed(ClientSession session) {
        return hop.login() == LoginMethod.PASSWORD && !cancelled;
    }

    @Override
    public String resolveAuthPasswordAttempt(ClientSession session) {
        String[] answer = ask("", List.of(new LoginQuestion.Prompt("Password:", false)));
        return answer == null ? null : answer[0];
    }

    @Override
    public String[] interactive(
            ClientSession session, String name, String instruction, String lang, String[] prompt, boolean[] echo) {
        if (prompt == null || prompt.length == 0) {
            return new String[0]; // an instruction-only round: nothing to answer
        }
        List<LoginQuestion.Prompt> list = new ArrayList<>();
        for (int i = 0; i < prompt.length; i++) {
            list.add(new LoginQuestion.Prompt(InertText.line(prompt[i]), echo != null && i < echo.length && echo[i]));
        }
        String words = String.join(" ", List.of(name == null ? "" : name, instruction == null ? "" : instruction))
                .strip();
        return ask(InertText.text(words), list);
    }

    @Override
    public String getUpdatedPassword(ClientSession session, String prompt, String lang) {
        filesSkipped.add("the password of " + hop.user() + " has expired (the host asks for a new one): change it with"
                + " ssh first");
        return null;
    }

    private String[] ask(String instruction, List<LoginQuestion.Prompt> questions) {
        LoginQuestion q =
                new LoginQuestion(hop.user() + "@" + where(), instruction, questions, passwordsSent.get() + 1);
        Optional<List<char[]>> answer = timed(() -> prompts.askLogin(q));
        if (answer.isEmpty()) {
            cancelled = true;
            return null;
        }
        String[] out = new String[questions.size()];
        List<char[]> given = answer.get();
        for (int i = 0; i < out.length; i++) {
            char[] c = i < given.size() ? given.get(i) : new char[0];
            out[i] = new String(c); // SSHD sends Strings; this one is dropped with the login
            Arrays.fill(c, '\0');
        }
        passwordsSent.incrementAndGet();
        return out;
    }

    String where() {
        return (role == null ? "" : role + " ") + hop.where();
    }

    /** Why the host refused every key or password of this login, in words. */
    ConnectFailure refused(IOException e) {
        String at = hop.where();
        if (hop.login() == LoginMethod.PASSWORD) {
            if (cancelled) {
                return new ConnectFailure(
                        "You cancelled the login of " + hop.user() + " on " + at + "; not connected.", true, e);
            }
            if (passwordsSent.get() == 0) {
                return new ConnectFailure(
                        at + " does not accept a password for " + hop.user()
                                + " (its sshd has PasswordAuthentication and KbdInteractiveAuthentication off?). Log in with"
                                + " the agent or a key file." + skipped(),
                        true,
                        e);
            }
            return new ConnectFailure(
                    "Wrong password: " + at + " refused " + hop.user() + " after " + passwordsSent.get()
                            + (passwordsSent.get() == 1 ? " try" : " tries") + " (or that user cannot log in there)."
                            + skipped(),
                    true,
                    e);
        }
        if (hop.login() == LoginMethod.KEY_FILE) {
            return new ConnectFailure(
                    "Authentication refused as " + hop.user() + " on " + at + ": the server accepted none of "
                            + names(hop.keyFiles()) + ". Is the public key in ~" + hop.user()
                            + "/.ssh/authorized_keys there?",
                    true,
                    e);
        }
        List<String> parts = new ArrayList<>();
        if (!agentKeyNames.isEmpty()) {
            parts.add((role == null
                            ? "the agent has no key that " + hop.alias() + " accepts"
                            : "the jump host refused the key" + (agentKeyNames.size() == 1 ? "" : "s")
                                    + " of the agent")
                    + " (it offered " + String.join(", ", agentKeyNames) + ")");
        } else if (agentProblem != null) {
            parts.add(agentProblem);
        } else if (agentWhere != null) {
            parts.add("the agent at " + agentWhere + " holds no key" + (hop.identitiesOnly() ? " of IdentityFile" : "")
                    + " (add one with ssh-add)");
        } else {
            parts.add("no SSH agent (SSH_AUTH_SOCK is not set"
                    + (hop.identityAgent() != null ? ", or IdentityAgent none" : "") + ")");
        }
        parts.add(filesOffered.isEmpty() ? "no key file was offered" : "nor any of " + names(filesOffered));
        String who = role == null
                ? "Authentication refused as " + hop.user() + " on " + at
                : "The jump host " + at + " refused " + hop.user();
        return new ConnectFailure(
                who + ": " + String.join("; ", parts) + "." + skipped() + " Is the public key in ~" + hop.user()
                        + "/.ssh/authorized_keys there?",
                true,
                e);
    }

    private String skipped() {
        return filesSkipped.isEmpty() ? "" : " (" + String.join("; ", filesSkipped) + ")";
    }

    private static String names(List<Path> files) {
        return files.stream().map(Path::toString).reduce((a, b) -> a + ", " + b).orElse("no key");
    }
}
