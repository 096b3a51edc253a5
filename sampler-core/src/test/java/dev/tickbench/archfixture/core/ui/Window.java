package dev.tickbench.archfixture.core.ui;

/** Breaks "the core is headless" on purpose (CoreArchitectureTest): AWT is the UI toolkit every JDK has. */
public final class Window {
    public java.awt.Point corner() {
        return new java.awt.Point(0, 0);
    }
}
