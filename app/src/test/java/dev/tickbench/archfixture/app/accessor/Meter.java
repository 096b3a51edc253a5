package dev.tickbench.archfixture.app.accessor;

/**
 * Breaks "no public method for the tests alone" on purpose (AppArchitectureTest): {@link #peek} is read by
 * {@code tests.MeterCheck} only. The rest are what the rule lets pass: {@link #read} is called by
 * {@link Dial}, {@link #toString} overrides Object's, and {@link #main} starts a program.
 */
public final class Meter {
    private int value;

    public int read() {
        return value;
    }

    public int peek() {
        return value;
    }

    @Override
    public String toString() {
        return "meter at " + value;
    }

    public static void main(String[] args) {
        System.out.println(new Meter());
    }

    /** A record: its accessor is the language's, its own method is the class's and breaks the rule. */
    public record Reading(int value, String unit) {
        public boolean zero() {
            return value == 0;
        }
    }

    /** An enum: {@code valueOf} and {@code values} are the language's. */
    public enum Scale {
        LINEAR
    }
}
