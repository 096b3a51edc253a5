package dev.tickbench.testkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;

/**
 * The architecture rules every module's {@code *ArchitectureTest} states (ArchUnit), each made for a
 * root package so that the same rule runs against the module and, in the same test, against a small
 * deliberately bad set of classes under {@code dev.tickbench.archfixture} that it must catch: a rule
 * that cannot fail proves nothing.
 */
public final class ArchitectureRules {
    private ArchitectureRules() {}

    /** No class under {@code root} uses a UI toolkit (JavaFX, ChartFX, ControlsFX, AWT, Swing) or SSHD. */
    public static ArchRule headless(String root) {
        return noClasses()
                .that()
                .resideInAPackage(root + "..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "javafx..",
                        "io.fair_acc..",
                        "de.gsi..",
                        "org.controlsfx..",
                        "org.apache.sshd..",
                        "java.awt..",
                        "javax.swing..")
                .because("the core is a headless library for the probe and the workbench alike");
    }

    /**
     * No class of the packages {@code root.<package>} (subpackages included) uses a UI toolkit (JavaFX,
     * ChartFX, ControlsFX, AWT, Swing): a model that views only read, tested without a toolkit.
     */
    public static ArchRule withoutToolkit(String root, String... packages) {
        String[] in = new String[packages.length];
        for (int i = 0; i < packages.length; i++) {
            in[i] = root + "." + packages[i] + "..";
        }
        return noClasses()
                .that()
                .resideInAnyPackage(in)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "javafx..", "io.fair_acc..", "de.gsi..", "org.controlsfx..", "java.awt..", "javax.swing..")
                .because("the views read this model; it holds no toolkit types, so it is tested without one");
    }

    /** No class of {@code root.from} uses one of {@code root.to} (subpackages included). */
    public static ArchRule doesNotUse(String root, String from, String to) {
        return noClasses()
                .that()
                .resideInAPackage(root + "." + from + "..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(root + "." + to + "..");
    }

    /** The packages directly under {@code root} (each with its subpackages) form no cycle. */
    public static ArchRule noCycles(String root) {
        return slices().matching(root + ".(*)..").should().beFreeOfCycles();
    }

    /** {@code root.leaf} uses nothing of the project outside itself (the JDK is all it needs). */
    public static ArchRule leaf(String root, String leaf) {
        return classes()
                .that()
                .resideInAPackage(root + "." + leaf + "..")
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage(root + "." + leaf + "..", "java..");
    }

    /** The classes of {@code fixturePackage} (test classes that break a rule on purpose). */
    public static JavaClasses fixture(String fixturePackage) {
        return new ClassFileImporter().importPackages(fixturePackage);
    }

    /** Fails unless {@code rule} reports a violation on {@code classes}. */
    public static void assertCatches(ArchRule rule, JavaClasses classes) {
        EvaluationResult r = rule.evaluate(classes);
        if (!r.hasViolation()) {
            throw new AssertionError(
                    "the rule \"" + rule.getDescription() + "\" found nothing wrong in the classes that break it");
        }
    }
}
