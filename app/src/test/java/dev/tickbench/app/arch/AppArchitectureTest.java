package dev.tickbench.app.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static dev.tickbench.testkit.ArchitectureRules.assertCatches;
import static dev.tickbench.testkit.ArchitectureRules.fixture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dev.tickbench.testkit.ArchitectureRules;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The workbench's layers (ArchUnit): the session (series, selection, time window), the session
 * controller, the export and the recording are headless, and the charts only read them; the packages
 * form no cycle; the app's tests observe JavaFX and ChartFX through their public API only. Each rule also runs against {@code dev.tickbench.archfixture.app}, test classes that
 * break it on purpose, and must catch them.
 */
@AnalyzeClasses(packages = AppArchitectureTest.APP, importOptions = ImportOption.DoNotIncludeTests.class)
class AppArchitectureTest {
    static final String APP = "dev.tickbench.app";
    private static final String BROKEN = "dev.tickbench.archfixture.app";
    /** The layers below the views: no JavaFX, no ChartFX (docs/workbench-charts.md, "Layers"). */
    private static final String[] HEADLESS = {"session", "control", "export", "recording"};
    /** The calls that open a class's private members. */
    private static final Set<String> REFLECTIVE = Set.of(
            "getDeclaredField",
            "getDeclaredFields",
            "getDeclaredMethod",
            "getDeclaredMethods",
            "getDeclaredConstructor",
            "getDeclaredConstructors",
            "setAccessible",
            "trySetAccessible",
            "privateLookupIn");

    @ArchTest
    static final ArchRule theSessionDoesNotUseTheCharts = ArchitectureRules.doesNotUse(APP, "session", "charts");

    @ArchTest
    static final ArchRule theHeadlessLayersUseNoToolkit = ArchitectureRules.withoutToolkit(APP, HEADLESS);

    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noCycles(APP);

    @Test
    void noTestReadsJavaFxOrChartFxInternals() {
        JavaClasses tests = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages(APP);
        noReflectionIntoToolkits(APP).check(tests);
    }

    @Test
    void eachRuleCatchesTheClassesThatBreakIt() {
        var broken = fixture(BROKEN);
        assertCatches(ArchitectureRules.doesNotUse(BROKEN, "session", "charts"), broken);
        assertCatches(ArchitectureRules.withoutToolkit(BROKEN, HEADLESS), broken);
        assertCatches(ArchitectureRules.noCycles(BROKEN), broken);
        assertCatches(noReflectionIntoToolkits(BROKEN), broken);
    }

    /**
     * No class under {@code root} opens a private member of JavaFX or ChartFX by reflection: none that names
     * one of their classes ({@code Scene.class}) and calls {@code getDeclaredField}, {@code getDeclaredMethod},
     * {@code setAccessible} or the like. What a test observes of them goes through their public API: their
     * private fields change with any release, and a test that reads them proves nothing about what is seen.
     */
    static ArchRule noReflectionIntoToolkits(String root) {
        return classes()
                .that()
                .resideInAPackage(root + "..")
                .should(new ArchCondition<JavaClass>("not open private members of JavaFX or ChartFX by reflection") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        List<String> opened = c.getMethodCallsFromSelf().stream()
                                .filter(call ->
                                        REFLECTIVE.contains(call.getTarget().getName()))
                                .map(call -> call.getTarget().getName() + " (line " + call.getLineNumber() + ")")
                                .distinct()
                                .sorted()
                                .toList();
                        List<String> toolkit = c.getReferencedClassObjects().stream()
                                .map(r -> r.getRawType().getName())
                                .filter(n -> n.startsWith("javafx.")
                                        || n.startsWith("com.sun.javafx.")
                                        || n.startsWith("io.fair_acc."))
                                .distinct()
                                .sorted()
                                .toList();
                        if (!opened.isEmpty() && !toolkit.isEmpty()) {
                            events.add(SimpleConditionEvent.violated(
                                    c, c.getName() + " calls " + opened + " naming " + toolkit));
                        }
                    }
                });
    }
}
