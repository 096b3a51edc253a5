package dev.tickbench.app;

import javafx.application.Application;

/**
 * Entry point. JavaFX on the class path must be started from a class that is not the
 * {@code Application} subclass, or it fails with "JavaFX runtime components are missing".
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        Application.launch(TickbenchApp.class, args);
    }
}
