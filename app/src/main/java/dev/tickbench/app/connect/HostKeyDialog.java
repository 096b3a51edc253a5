package dev.tickbench.app.connect;

import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * First contact with a host: its key type and SHA256 fingerprint (as {@code ssh-keygen -lf} prints
 * it, so it can be compared with the host's own), Accept or Reject. Reject is the default button, and
 * what closing the window means.
 */
final class HostKeyDialog {
    static final ButtonType ACCEPT = new ButtonType("Accept and remember", ButtonBar.ButtonData.OK_DONE);
    static final ButtonType REJECT = new ButtonType("Reject", ButtonBar.ButtonData.CANCEL_CLOSE);

    private HostKeyDialog() {}

    /** The question, not shown yet; FX thread. Its result is {@link #ACCEPT} or {@link #REJECT}. */
    static Alert create(Window owner, HostKeyQuestion q) {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, null, ACCEPT, REJECT);
        a.initOwner(owner);
        a.setTitle("Unknown host key");
        a.setHeaderText("The authenticity of " + q.host() + " cannot be established.");
        TextField fp = new TextField(q.sha256Fingerprint()); // selectable, to copy and compare
        fp.setEditable(false);
        fp.setId("host-key-fingerprint");
        fp.setPrefColumnCount(52);
        Label explain = new Label("This host is not in your known_hosts yet. Compare the fingerprint with the one the"
                + " host shows (ssh-keygen -lf /etc/ssh/ssh_host_" + shortType(q.keyType()) + "_key.pub on it).\n"
                + "Accepting adds the key to " + q.knownHosts() + " at once.");
        explain.setWrapText(true);
        Label time = new Label("No connection is held open while this question is up: take the time to check. It"
                + " closes by itself, unanswered, after " + HostKeyCheck.words(q.answerWithin()) + ".");
        time.setId("host-key-time");
        time.setWrapText(true);
        a.getDialogPane().setContent(new VBox(8, new Label(q.keyType() + " key fingerprint:"), fp, explain, time));
        ((Button) a.getDialogPane().lookupButton(ACCEPT)).setDefaultButton(false);
        ((Button) a.getDialogPane().lookupButton(REJECT)).setDefaultButton(true);
        return a;
    }

    private static String shortType(String keyType) {
        if (keyType.contains("ed25519")) {
            return "ed25519";
        }
        if (keyType.startsWith("ecdsa")) {
            return "ecdsa";
        }
        return "rsa";
    }
}
