package dev.iolab.upload.transfer.strategy;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The strategies' settings, prefix {@code upload}.
 *
 * @param defaultStrategy strategy used when a request names none; temp-file held the least heap in our
 *                        measurements (docs/upload-service.md)
 * @param tempDir directory for the temp-file strategy's spool files (created {@code 0700} if missing; must be owned
 *                by the service's user)
 */
@ConfigurationProperties("upload")
public record StrategyProperties(@DefaultValue("temp-file") String defaultStrategy, Path tempDir) {

    /** Temp directory actually used: {@code tempDir} or {@code ${java.io.tmpdir}/iolab-upload}. */
    Path effectiveTempDir() {
        return tempDir != null ? tempDir : Path.of(System.getProperty("java.io.tmpdir"), "iolab-upload");
    }
}
