package dev.tickbench.testkit;

import java.lang.reflect.AnnotatedElement;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Checks {@link RequiresTool} before a class's tests (class annotations) and before each test
 * (method annotations). Not an ExecutionCondition: a condition can only disable, and under CI=true a
 * missing tool must fail the test, not hide it.
 */
public final class RequiresToolExtension implements BeforeAllCallback, BeforeEachCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
        context.getTestClass().ifPresent(c -> check(c, c.getSimpleName()));
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        context.getTestMethod().ifPresent(m -> check(m, m.getDeclaringClass().getSimpleName() + "." + m.getName()));
    }

    private static void check(AnnotatedElement element, String test) {
        Prerequisites.CHECKING.set(test);
        try {
            for (RequiresTool t : AnnotationSupport.findRepeatableAnnotations(element, RequiresTool.class)) {
                Prerequisites.tool(t.value(), t.debianPackage());
            }
        } finally {
            Prerequisites.CHECKING.remove();
        }
    }
}
