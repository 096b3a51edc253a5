package dev.tickbench.app.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static dev.tickbench.testkit.ArchitectureRules.assertCatches;
import static dev.tickbench.testkit.ArchitectureRules.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dev.tickbench.testkit.ArchitectureRules;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The workbench's layers (ArchUnit): the session (series, selection, time window), the session
 * controller, the export and the recording are headless, and the charts only read them; the packages
 * form no cycle; the app's tests observe JavaFX and ChartFX through their public API only; no public
 * method of the app exists for its tests alone. Each rule also runs against {@code
 * dev.tickbench.archfixture.app}, test classes that break it on purpose, and must catch them.
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
    void noPublicMethodIsThereForTheTestsAlone() {
        JavaClasses app = new ClassFileImporter().importPackages(APP);
        ImportOption notTests = new ImportOption.DoNotIncludeTests();
        Predicate<JavaClass> isTest = c -> c.getSource()
                .map(s -> !notTests.includes(Location.of(s.getUri())))
                .orElse(true);
        assertEquals(List.of(), publicForTestsAlone(app, isTest));
    }

    @Test
    void eachRuleCatchesTheClassesThatBreakIt() {
        var broken = fixture(BROKEN);
        assertCatches(ArchitectureRules.doesNotUse(BROKEN, "session", "charts"), broken);
        assertCatches(ArchitectureRules.withoutToolkit(BROKEN, HEADLESS), broken);
        assertCatches(ArchitectureRules.noCycles(BROKEN), broken);
        assertCatches(noReflectionIntoToolkits(BROKEN), broken);
        JavaClasses accessor = fixture(BROKEN + ".accessor");
        assertEquals(
                List.of(BROKEN + ".accessor.Meter$Reading.zero()", BROKEN + ".accessor.Meter.peek()"),
                publicForTestsAlone(accessor, c -> c.getPackageName().endsWith(".tests")));
    }

    /**
     * The public methods of the classes in {@code classes} that are not tests ({@code isTest}) which a test
     * calls but no other class does, not even through another method of the same name (its own class's
     * included): a method there for the tests alone. A test reads what it needs of a class through a
     * fixture in the test tree, in the class's package, from its package-private state ({@code ChartsSeen},
     * {@code TabsSeen}). Not counted, being the language's or a caller's that is not in the app: an
     * override (an interface's or a superclass's method, JavaFX's included), a record's component accessor,
     * an enum's {@code values} and {@code valueOf}, {@code main}.
     */
    static List<String> publicForTestsAlone(JavaClasses classes, Predicate<JavaClass> isTest) {
        Set<String> calledOutsideTests = new HashSet<>();
        for (JavaClass c : classes) {
            if (!isTest.test(c)) {
                c.getCodeUnitAccessesFromSelf()
                        .forEach(a -> calledOutsideTests.add(a.getTarget().getName()));
            }
        }
        List<String> found = new ArrayList<>();
        for (JavaClass c : classes) {
            if (isTest.test(c)) {
                continue;
            }
            for (JavaMethod m : c.getMethods()) {
                Set<JavaModifier> mods = m.getModifiers();
                if (mods.contains(JavaModifier.PUBLIC)
                        && !mods.contains(JavaModifier.SYNTHETIC)
                        && !calledOutsideTests.contains(m.getName())
                        && m.getAccessesToSelf().stream().anyMatch(a -> isTest.test(a.getOriginOwner()))
                        && !theLanguages(m)
                        && !overrides(m)) {
                    found.add(m.getFullName());
                }
            }
        }
        return found.stream().sorted().toList();
    }

    /** A record's component accessor, an enum's {@code values()} or {@code valueOf(String)}, a {@code main(String[])}. */
    private static boolean theLanguages(JavaMethod m) {
        JavaClass c = m.getOwner();
        List<String> params =
                m.getRawParameterTypes().stream().map(JavaClass::getName).toList();
        return (c.isRecord()
                        && params.isEmpty()
                        && c.getFields().stream()
                                .anyMatch(f -> f.getName().equals(m.getName())
                                        && !f.getModifiers().contains(JavaModifier.STATIC)))
                || (c.isEnum() && (m.getName().equals("values") || m.getName().equals("valueOf")))
                || (m.getName().equals("main") && params.equals(List.of(String[].class.getName())));
    }

    /** Whether a superclass or an interface of its class declares a method of its name and arity. */
    private static boolean overrides(JavaMethod m) {
        JavaClass c = m.getOwner();
        return Stream.concat(c.getAllRawSuperclasses().stream(), c.getAllRawInterfaces().stream())
                .flatMap(s -> s.getMethods().stream())
                .anyMatch(s -> s.getName().equals(m.getName())
                        && s.getRawParameterTypes().size()
                                == m.getRawParameterTypes().size());
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
