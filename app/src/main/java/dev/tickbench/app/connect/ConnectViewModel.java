package dev.tickbench.app.connect;

import dev.tickbench.app.dirs.UserDirs;
import dev.tickbench.core.cadence.Floors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The connection dialog's state and rules, without controls (testable without a toolkit). Every
 * field is text as typed; {@link #error()} holds the first problem (what, which field, what is
 * allowed) or null, and {@link #valid()} says whether Connect can connect. What the form shows is
 * {@link #shownError()}: a field's problem once the user typed in that field or left it, or any once
 * Connect was pressed, so an empty form does not open in red.
 */
public final class ConnectViewModel {
    static final int MAX_CEILING = 1024;

    private final ObjectProperty<ConnectionKind> kind = new SimpleObjectProperty<>(ConnectionKind.SSH_HOST);
    private final StringProperty host = new SimpleStringProperty("");
    private final StringProperty port = new SimpleStringProperty("");
    private final StringProperty user = new SimpleStringProperty("");
    private final StringProperty keyPath = new SimpleStringProperty("");
    /** Jump hosts, {@code ssh -J}'s list: {@code [user@]host[:port]}, comma-separated; blank = ~/.ssh/config's ProxyJump. */
    private final StringProperty jump = new SimpleStringProperty("");

    private final ObjectProperty<LoginMethod> login = new SimpleObjectProperty<>(LoginMethod.AGENT);
    private final StringProperty rate = new SimpleStringProperty("10");
    /** Blank = not sent: the probe takes FLOOR_HZ from the target's environment. */
    private final StringProperty floorHz = new SimpleStringProperty("");

    private final StringProperty target = new SimpleStringProperty("");
    private final StringProperty ceiling = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper shownError = new ReadOnlyStringWrapper();
    /** The fields the user typed in or left: their problems are shown (every field's once {@link #attempted}). */
    private final Set<Observable> visited = new HashSet<>();

    private boolean attempted;
    private final ObservableList<RecentConnection> recent = FXCollections.observableArrayList();
    /** Connections made but not connected yet, with the entry each becomes once it connects. */
    private final java.util.Map<Connection, RecentConnection> attempts = new java.util.IdentityHashMap<>();

    private final RecentConnections store;
    private final Path sshConfig;
    private final Path sshDir;
    private final Path knownHosts;
    private final Supplier<BundledProbe> probe;

    public ConnectViewModel(RecentConnections store, Path sshDir, Supplier<BundledProbe> probe) {
        this.store = store;
        this.sshDir = sshDir;
        this.sshConfig = sshDir.resolve("config");
        this.knownHosts = sshDir.resolve("known_hosts");
        this.probe = probe;
        recent.setAll(store.load());
        for (Observable o : List.of(kind, host, port, user, keyPath, jump, login, rate, floorHz, target, ceiling)) {
            o.addListener(x -> {
                visited.add(o);
                revalidate();
            });
        }
        revalidate();
    }

    /** The values of a valid form. */
    record Form(
            ConnectionKind kind,
            String host,
            Integer port,
            String user,
            Path key,
            String jump,
            LoginMethod login,
            StreamRequest request) {}

    public ObjectProperty<ConnectionKind> kind() {
        return kind;
    }

    public StringProperty host() {
        return host;
    }

    public StringProperty port() {
        return port;
    }

    public StringProperty user() {
        return user;
    }

    public StringProperty keyPath() {
        return keyPath;
    }

    public StringProperty jump() {
        return jump;
    }

    public ObjectProperty<LoginMethod> login() {
        return login;
    }

    public StringProperty rate() {
        return rate;
    }

    public StringProperty floorHz() {
        return floorHz;
    }
    /** Optional cgroup target: a PID, or a cgroup path starting with '/'. */
    public StringProperty target() {
        return target;
    }

    public StringProperty ceiling() {
        return ceiling;
    }

    public ReadOnlyStringProperty error() {
        return error.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty valid() {
        return valid.getReadOnlyProperty();
    }

    /**
     * The first problem of a field the user typed in or left, or of any field once Connect was pressed;
     * null while there is none to show.
     */
    public ReadOnlyStringProperty shownError() {
        return shownError.getReadOnlyProperty();
    }

    /** The user left {@code field} (one of this form's properties): its problem, if any, is shown. */
    public void left(Observable field) {
        visited.add(field);
        revalidate();
    }

    /** Connect was pressed: every field's problem is shown. */
    public void attempted() {
        attempted = true;
        revalidate();
    }

    public ObservableList<RecentConnection> recent() {
        return recent;
    }

    /** Fills the form from a remembered connection (no secrets were remembered, none are filled). */
    public void applyRecent(RecentConnection r) {
        kind.set(r.kind());
        host.set(r.host());
        port.set(r.port() == null ? "" : r.port().toString());
        user.set(r.user() == null ? "" : r.user());
        keyPath.set(r.keyPath() == null ? "" : r.keyPath());
        jump.set(r.jump() == null ? "" : r.jump());
        login.set(r.loginMethod());
        rate.set(Integer.toString(r.rateHz()));
        floorHz.set(r.floorHz() == null ? "" : Integer.toString(r.floorHz()));
    }

    /**
     * Builds the connection for a valid form (not started). It goes into the recent list only once it
     * connected ({@link #connected}): a typo or a refused port is not worth remembering.
     * Throws {@link IllegalStateException} when the form is not valid.
     */
    public Connection connect(ConnectPrompts prompts) throws IOException {
        Form f = form();
        SshTarget target =
                SshTarget.resolve(f.host(), f.port(), f.user(), f.key(), f.jump(), f.login(), sshConfig, sshDir);
        Connection c = switch (f.kind()) {
            case SSH_HOST -> new SshProbeConnection(target, f.request(), prompts, knownHosts, probe.get());
            case PROBE_SERVER -> new ProbeServerConnection(target, f.request(), prompts, knownHosts);
        };
        attempts.put(
                c,
                new RecentConnection(
                        f.kind(),
                        f.host(),
                        f.port(),
                        f.user(),
                        f.key() == null ? null : f.key().toString(),
                        f.request().rateHz(),
                        f.request().floorHz(),
                        f.jump(),
                        f.login()));
        return c;
    }

    /** {@code c} (made by {@link #connect}) connected: it becomes the first recent entry. */
    public void connected(Connection c) {
        RecentConnection entry = attempts.remove(c);
        if (entry == null) {
            return;
        }
        try {
            recent.setAll(store.remember(entry));
        } catch (IOException e) {
            // not remembering is no reason not to connect; the user sees nothing missing but the entry
            org.slf4j.LoggerFactory.getLogger(ConnectViewModel.class)
                    .warn("Cannot save recent connections to {}: {}", store.file(), e.getMessage());
        }
    }

    /** {@code c} did not connect: it is forgotten, the recent list stays as it was. */
    public void failed(Connection c) {
        attempts.remove(c);
    }

    /** The form's values; {@link IllegalStateException} with the first error when invalid. */
    Form form() {
        String h = checkedHost();
        Integer p = checkedPort();
        String u = user.get().trim().isEmpty() ? null : user.get().trim();
        String j = checkedJump();
        LoginMethod how = login.get() == null ? LoginMethod.AGENT : login.get();
        Path key = checkedKey();
        int r = checkedRate();
        Integer fl = checkedFloor();
        dev.tickbench.core.session.SessionConfig.CgroupChoice cgroup = checkedTarget();
        Integer ceil = checkedCeiling();
        return new Form(kind.get(), h, p, u, key, j, how, StreamRequest.of(r, fl, cgroup, ceil));
    }

    /** Each field that can be wrong with its check, in the form's order (the order of {@link #form}'s). */
    private List<Map.Entry<Observable, Supplier<?>>> checks() {
        return List.of(
                Map.entry(host, this::checkedHost),
                Map.entry(port, this::checkedPort),
                Map.entry(jump, this::checkedJump),
                Map.entry(keyPath, this::checkedKey),
                Map.entry(rate, this::checkedRate),
                Map.entry(floorHz, this::checkedFloor),
                Map.entry(target, this::checkedTarget),
                Map.entry(ceiling, this::checkedCeiling));
    }

    private Integer checkedPort() {
        return optionalInt("Port", port.get(), 1, 65535);
    }

    private int checkedRate() {
        return requiredInt("Rate", rate.get(), Floors.MIN_RATE_HZ, Floors.MAX_RATE_HZ);
    }

    private Integer checkedFloor() {
        return optionalInt("FLOOR_HZ", floorHz.get(), Floors.MIN_FLOOR_HZ, Floors.MAX_FLOOR_HZ);
    }

    private Integer checkedCeiling() {
        return optionalInt("Ceiling", ceiling.get(), 1, MAX_CEILING);
    }

    private String checkedHost() {
        String h = host.get().trim();
        if (h.isEmpty()) {
            throw new IllegalStateException("Host: enter a host name, address or ~/.ssh/config alias");
        }
        if (h.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalStateException("Host: no spaces allowed, got '" + h + "'");
        }
        return h;
    }

    private String checkedJump() {
        String j = jump.get().trim().isEmpty() ? null : jump.get().trim();
        if (j != null) {
            try {
                SshTarget.parseJumps(j);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(
                        "Jump host: " + e.getMessage() + " (a comma-separated list of [user@]host[:port])");
            }
        }
        return j;
    }

    /** The key file, null for none (or a password login); one that does not exist is an error. */
    private Path checkedKey() {
        if (keyPath.get().isBlank() || login.get() == LoginMethod.PASSWORD) {
            return null;
        }
        Path key = Path.of(expandHome(keyPath.get().trim()));
        if (!Files.isRegularFile(key)) {
            throw new IllegalStateException("Key file: " + key + " does not exist");
        }
        return key;
    }

    /** The cgroup target: a PID, a cgroup path (starting with '/'), or null for none. */
    private dev.tickbench.core.session.SessionConfig.CgroupChoice checkedTarget() {
        try {
            return CgroupTarget.parse(target.get());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage());
        }
    }

    private void revalidate() {
        String first = null;
        String shown = null;
        for (var check : checks()) {
            try {
                check.getValue().get();
            } catch (IllegalStateException e) {
                first = first == null ? e.getMessage() : first;
                if (shown == null && (attempted || visited.contains(check.getKey()))) {
                    shown = e.getMessage();
                }
            }
        }
        error.set(first);
        valid.set(first == null);
        shownError.set(shown);
    }

    private static Integer optionalInt(String field, String text, int min, int max) {
        return text == null || text.isBlank() ? null : requiredInt(field, text, min, max);
    }

    private static int requiredInt(String field, String text, int min, int max) {
        long v;
        try {
            v = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalStateException(
                    field + ": a whole number from " + min + " to " + max + ", got '" + text.trim() + "'");
        }
        if (v < min || v > max) {
            throw new IllegalStateException(field + ": from " + min + " to " + max + ", got " + v);
        }
        return (int) v;
    }

    private static String expandHome(String path) {
        return UserDirs.current().expandTilde(path);
    }
}
