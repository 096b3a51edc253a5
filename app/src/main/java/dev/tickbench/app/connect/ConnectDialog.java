package dev.tickbench.app.connect;

import java.io.File;
import java.io.IOException;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * The Connect dialog: where (SSH host or a probe's SSH server, with recent entries, through jump
 * hosts), how to log in (user; the agent and key files, a key file, or a password: passphrases and
 * passwords are asked when needed, never stored) and what to stream (rate, FLOOR_HZ, cgroup targets,
 * ceiling). Returns a connection that is not started yet.
 */
public final class ConnectDialog {
    static final ButtonType CONNECT = new ButtonType("Connect", ButtonBar.ButtonData.OK_DONE);

    private ConnectDialog() {}

    /** The entry point for the Connect menu. */
    public static Optional<Connection> show(Window owner) {
        return show(owner, null);
    }

    /** As {@link #show(Window)}, with a line on top saying why the dialog came up (e.g. no /proc here). */
    public static Optional<Connection> show(Window owner, String reason) {
        return show(owner, reason, newViewModel());
    }

    /** A form over the user's recent list and ~/.ssh, with the bundled probe read when first needed. */
    static ConnectViewModel newViewModel() {
        BundledProbeHolder probe = new BundledProbeHolder();
        return new ConnectViewModel(RecentConnections.forUser(), SshTarget.userSshDir(), probe::get);
    }

    static Optional<Connection> show(Window owner, String reason, ConnectViewModel vm) {
        return show(owner, reason, vm, null);
    }

    /**
     * The dialog over {@code vm}'s fields (kept from the last time it was shown); {@code failure}, when
     * not null, is why the last attempt did not connect, shown under the fields.
     */
    public static Optional<Connection> show(Window owner, String reason, ConnectViewModel vm, String lastFailure) {
        Dialog<Connection> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Connect");
        d.setHeaderText(reason == null ? "Connect to a remote probe" : reason);
        d.getDialogPane().getButtonTypes().addAll(CONNECT, ButtonType.CANCEL);
        Label failure = new Label();
        failure.setId("connect-failure");
        wrapsToTheForm(failure);
        failure.setStyle("-fx-text-fill: #b00020;");
        if (lastFailure != null) {
            failure.setText(lastFailure);
        }
        d.getDialogPane().setContent(form(vm, owner, failure));
        Button connect = (Button) d.getDialogPane().lookupButton(CONNECT);
        // a problem is said once the user met its field or pressed Connect; Connect waits while one is said
        connect.disableProperty().bind(vm.valid().not().and(vm.shownError().isNotNull()));
        Connection[] made = new Connection[1];
        // the connection is built when Connect is pressed, with prompts whose dialogs appear over the owner
        connect.addEventFilter(javafx.event.ActionEvent.ACTION, e -> {
            if (!vm.valid().get()) {
                vm.attempted(); // says what is missing, under the fields
                e.consume();
                return;
            }
            try {
                made[0] = vm.connect(new FxConnectPrompts(owner, vm.form().host()));
            } catch (IOException | IllegalStateException ex) {
                failure.setText(
                        ex instanceof IOException ? "Cannot read ~/.ssh/config: " + ex.getMessage() : ex.getMessage());
                e.consume(); // keep the dialog open
            }
        });
        d.setResultConverter(button -> button == CONNECT ? made[0] : null);
        return d.showAndWait();
    }

    private static GridPane form(ConnectViewModel vm, Window owner, Label failure) {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        g.setPadding(new Insets(10));
        int row = 0;

        ComboBox<RecentConnection> recent = new ComboBox<>(vm.recent());
        recent.setId("recent");
        recent.setPromptText(vm.recent().isEmpty() ? "no recent connections" : "recent connections");
        recent.setMaxWidth(Double.MAX_VALUE);
        recent.setConverter(new StringConverter<>() {
            @Override
            public String toString(RecentConnection r) {
                return r == null ? "" : r.label();
            }

            @Override
            public RecentConnection fromString(String s) {
                return null;
            }
        });
        recent.valueProperty().addListener((o, old, r) -> {
            if (r != null) {
                vm.applyRecent(r);
            }
        });
        g.addRow(row++, new Label("Recent"), recent);

        HBox kindBox = choice(ConnectionKind.values(), "kind-", ConnectionKind::label, vm.kind());
        g.addRow(row++, new Label("Connect to"), kindBox);

        g.addRow(row++, new Label("Host"), field("host", vm.host(), "host, address or ~/.ssh/config alias", vm));
        g.addRow(row++, new Label("Port"), field("port", vm.port(), "22 or from ~/.ssh/config", vm));
        g.addRow(
                row++,
                new Label("User"),
                field("user", vm.user(), System.getProperty("user.name") + " or from ~/.ssh/config", vm));
        g.addRow(
                row++,
                new Label("Jump host"),
                field(
                        "jump",
                        vm.jump(),
                        "optional: [user@]host[:port], comma-separated (ssh -J), or ProxyJump from ~/.ssh/config",
                        vm));
        g.addRow(
                row++,
                new Label("Log in with"),
                choice(LoginMethod.values(), "login-", LoginMethod::label, vm.login()));
        TextField key = field("key", vm.keyPath(), "~/.ssh/id_ed25519, id_ecdsa, id_rsa or IdentityFile", vm);
        Button browse = new Button("Browse…");
        browse.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Private key file");
            File dir = SshTarget.userSshDir().toFile();
            if (dir.isDirectory()) {
                fc.setInitialDirectory(dir);
            }
            File f = fc.showOpenDialog(owner);
            if (f != null) {
                vm.keyPath().set(f.getPath());
            }
        });
        HBox keyBox = new HBox(6, key, browse);
        HBox.setHgrow(key, Priority.ALWAYS);
        keyBox.disableProperty().bind(vm.login().isEqualTo(LoginMethod.PASSWORD));
        g.addRow(row++, new Label("Key file"), keyBox);
        g.addRow(row++, new Label("Rate (Hz)"), field("rate", vm.rate(), "1-1000", vm));
        g.addRow(
                row++,
                new Label("FLOOR_HZ"),
                field("floor", vm.floorHz(), "blank = the target's FLOOR_HZ; 0 = per-source floors", vm));
        g.addRow(
                row++,
                new Label("cgroup target"),
                field(
                        "target",
                        vm.target(),
                        "optional: a PID (its cgroup) or a cgroup path such as /kubepods.slice/…",
                        vm));
        g.addRow(
                row++,
                new Label("Ceiling"),
                field("ceiling", vm.ceiling(), "optional: I/O concurrency ceiling (probe default)", vm));

        Label error = new Label();
        error.setId("form-error");
        wrapsToTheForm(error);
        error.setStyle("-fx-text-fill: #b00020;");
        error.textProperty().bind(vm.shownError());
        g.add(error, 0, row++, 2, 1);
        g.add(failure, 0, row++, 2, 1);
        Label secret = new Label("Passphrases and passwords are asked when needed and never stored. Host keys"
                + " of the host and of every jump host are checked against ~/.ssh/known_hosts.");
        wrapsToTheForm(secret);
        g.add(secret, 0, row, 2, 1);
        return g;
    }

    /**
     * A text under the fields wraps at the fields' width instead of widening the form: a wrapping label
     * still asks for its whole text on one line, and the note on secrets alone made the dialog 974 px
     * wide, past a 1366×768 laptop screen at 150 % (910 px).
     */
    private static void wrapsToTheForm(Label l) {
        l.setWrapText(true);
        l.setMinWidth(0);
        l.setPrefWidth(0);
        l.setMaxWidth(Double.MAX_VALUE);
    }

    /**
     * One radio button per value ({@code PREFIX + name in lower case}: {@code kind-ssh_host},
     * {@code login-password}), kept in step with {@code value} both ways.
     */
    private static <E extends Enum<E>> HBox choice(
            E[] values,
            String idPrefix,
            java.util.function.Function<E, String> label,
            javafx.beans.property.ObjectProperty<E> value) {
        ToggleGroup group = new ToggleGroup();
        HBox box = new HBox(12);
        for (E v : values) {
            RadioButton b = new RadioButton(label.apply(v));
            b.setId(idPrefix + v.name().toLowerCase(java.util.Locale.ROOT));
            b.setUserData(v);
            b.setToggleGroup(group);
            b.setSelected(value.get() == v);
            box.getChildren().add(b);
        }
        group.selectedToggleProperty().addListener((o, old, t) -> {
            if (t != null) {
                value.set(values[0].getDeclaringClass().cast(t.getUserData()));
            }
        });
        value.addListener((o, old, v) -> group.getToggles().forEach(t -> t.setSelected(t.getUserData() == v)));
        return box;
    }

    /** A text field over {@code value}; leaving it shows its problem, if any ({@link ConnectViewModel#left}). */
    private static TextField field(
            String id, javafx.beans.property.StringProperty value, String prompt, ConnectViewModel vm) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefColumnCount(36);
        f.textProperty().bindBidirectional(value);
        f.focusedProperty().addListener((o, was, now) -> {
            if (was && !now) {
                vm.left(value);
            }
        });
        return f;
    }

    /** Reads the bundled jar once, when an SSH host connection is made. */
    private static final class BundledProbeHolder {
        private BundledProbe probe;
        private boolean loaded;

        synchronized BundledProbe get() {
            if (!loaded) {
                loaded = true;
                try {
                    probe = BundledProbe.fromResources();
                } catch (IOException e) {
                    probe = null; // the connection reports "no probe jar" with how to build one
                }
            }
            return probe;
        }
    }
}
