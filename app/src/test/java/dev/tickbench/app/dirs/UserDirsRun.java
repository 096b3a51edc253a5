package dev.tickbench.app.dirs;

import dev.tickbench.app.Startup;
import dev.tickbench.app.connect.ConnectViewModel;
import dev.tickbench.app.connect.RecentConnections;
import dev.tickbench.app.connect.SshTarget;
import dev.tickbench.app.platform.HostPlatform;
import dev.tickbench.app.recording.Spool;
import java.nio.file.Files;
import java.nio.file.Path;

/** Prints the paths the workbench's entry points use, one {@code name=path} a line ({@link UserDirsTest}). */
public final class UserDirsRun {
    private UserDirsRun() {}

    public static void main(String[] args) throws Exception {
        System.out.println("user.home=" + System.getProperty("user.home"));
        System.out.println("prefs=" + Startup.forUser(HostPlatform.current()).prefs());
        System.out.println("recent=" + RecentConnections.forUser().file());
        System.out.println("spool=" + Spool.defaultDir());
        Path ssh = SshTarget.userSshDir();
        System.out.println("ssh=" + ssh);
        SshTarget board = SshTarget.resolve("board", null, null, null, ssh.resolve("config"), ssh);
        System.out.println("identity=" + board.keyFiles().get(0));
        // a key typed as ~/… in the Connect dialog
        Files.writeString(ssh.resolve("id_typed"), "");
        ConnectViewModel form = new ConnectViewModel(RecentConnections.forUser(), ssh, () -> null);
        form.host().set("board");
        form.keyPath().set("~/.ssh/id_typed");
        System.out.println("typed.error=" + form.error().get()); // "Key file: … does not exist" if ~ were elsewhere
    }
}
