package dev.iolab.stack;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

/**
 * A Debian tool a test needs: missing on a developer's machine, the test is skipped with a message naming the package;
 * missing under CI ({@link ExternalTool#ciRequiresTools()}), it fails, because a skipped check there would hide a
 * broken stack.
 */
final class RequiredTools {

    private RequiredTools() {}

    static void require(ExternalTool tool) {
        if (tool.find().isEmpty()) {
            if (ExternalTool.ciRequiresTools()) {
                fail(tool.missingMessage() + " (CI is set, so this test must not be skipped)");
            }
            abort(tool.missingMessage() + " — skipping this test on a developer machine");
        }
    }
}
