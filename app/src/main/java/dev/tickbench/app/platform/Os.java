package dev.tickbench.app.platform;

import java.util.Locale;

/** The desktop the workbench runs on: where its files go, which menus and keys it has, whether "this machine" exists. */
public enum Os {
    LINUX,
    MACOS,
    WINDOWS,
    /** Anything else (a BSD, Solaris): the Linux layout of files, no local sampling. */
    OTHER;

    /** From Java's {@code os.name} ("Linux", "Mac OS X", "Windows 11", …). */
    public static Os fromName(String osName) {
        String n = osName == null ? "" : osName.toLowerCase(Locale.ROOT);
        if (n.startsWith("linux")) {
            return LINUX;
        }
        if (n.startsWith("mac") || n.startsWith("darwin")) {
            return MACOS;
        }
        return n.startsWith("windows") ? WINDOWS : OTHER;
    }

    /** The name a menu shows for the shortcut key: ⌘ on macOS, Ctrl elsewhere. */
    public String shortcutKey() {
        return this == MACOS ? "⌘" : "Ctrl+";
    }
}
