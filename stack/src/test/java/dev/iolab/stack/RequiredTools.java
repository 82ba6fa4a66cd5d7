package dev.iolab.stack;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A Debian tool a test or check needs: missing on a developer's machine, the test is skipped with a message naming
 * the package; missing under CI ({@link ExternalTool#ciRequiresTools()}), it fails, because a skipped check there
 * would hide a broken stack or file. {@code .ci/run} installs the packages. The stack's tests and the load test's
 * checks share it (the stack's test jar).
 */
public final class RequiredTools {

    private RequiredTools() {}

    /** The tool's path; the test is skipped or failed (see above) when it is missing. */
    public static Path require(ExternalTool tool) {
        return tool.find().orElseGet(() -> missing(tool));
    }

    /** Runs the tool (see {@link ExternalTool#run}) once {@link #require} has found it. */
    public static ExternalTool.Result run(ExternalTool tool, Path workDir, long timeoutSeconds, String... args)
            throws IOException, InterruptedException {
        require(tool);
        return tool.run(workDir, timeoutSeconds, args);
    }

    private static <T> T missing(ExternalTool tool) {
        if (ExternalTool.ciRequiresTools()) {
            return fail(tool.missingMessage() + " (CI is set, so this test must not be skipped)");
        }
        return abort(tool.missingMessage() + " — skipping this test on a developer machine");
    }
}
