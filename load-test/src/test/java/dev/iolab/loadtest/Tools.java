package dev.iolab.loadtest;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import dev.iolab.stack.ExternalTool;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A Debian tool a check needs: when it is missing, a developer's run skips the check with a message naming the
 * package; under CI (environment variable {@code CI} set) the check fails instead, because a skipped check there would
 * hide a broken file. {@code .ci/run} installs the packages.
 */
public final class Tools {

    private Tools() {}

    public static Path require(ExternalTool tool) {
        return tool.find().orElseGet(() -> missing(tool));
    }

    static ExternalTool.Result run(ExternalTool tool, Path workDir, long timeoutSeconds, String... args)
            throws IOException, InterruptedException {
        require(tool);
        return tool.run(workDir, timeoutSeconds, args);
    }

    private static <T> T missing(ExternalTool tool) {
        if (ExternalTool.ciRequiresTools()) {
            return fail(tool.missingMessage() + " (CI is set, so this check must not be skipped)");
        }
        return abort(tool.missingMessage() + " — skipping this check on a developer machine");
    }
}
