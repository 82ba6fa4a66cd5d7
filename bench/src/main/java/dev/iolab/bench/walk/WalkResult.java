package dev.iolab.bench.walk;

import java.util.List;

/**
 * What a walk found.
 *
 * @param bytes        sum of the sizes of the regular files (symbolic links and special files are not counted, and
 *                     directories' own sizes are not either, unlike {@code du -sb})
 * @param files        regular files counted
 * @param directories  directories listed, the root included
 * @param errors       directories that could not be listed and entries that vanished or could not be read
 * @param errorSamples the first few errors, as "path: reason"
 */
public record WalkResult(long bytes, long files, long directories, long errors, List<String> errorSamples) {

    public WalkResult {
        errorSamples = List.copyOf(errorSamples);
    }
}
