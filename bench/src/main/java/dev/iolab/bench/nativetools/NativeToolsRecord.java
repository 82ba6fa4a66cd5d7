package dev.iolab.bench.nativetools;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The native tools' timings of one run, written beside its JMH results as {@code <name>-native-tools.json} and bound
 * to them by their SHA-256 (a record of other results is ignored).
 *
 * @param copyBytes the size the copies were timed with (0: no copy timed)
 * @param tree      the directory tree {@code du} and {@code diskus} sized (empty: none)
 * @param notes     why something was not timed, e.g. the tree could not be located
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record NativeToolsRecord(
        String resultFile,
        String resultSha256,
        String measured,
        long copyBytes,
        String tree,
        List<NativeTools.Timing> timings,
        List<String> notes) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    NativeToolsRecord {
        timings = timings == null ? List.of() : List.copyOf(timings);
        notes = notes == null ? List.of() : List.copyOf(notes);
        tree = tree == null ? "" : tree;
    }

    /** {@code jmh-result.json} → {@code jmh-result-native-tools.json}. */
    static Path fileFor(Path resultFile) {
        String name = resultFile.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return resultFile.resolveSibling(stem + "-native-tools.json");
    }

    /** This record bound to {@code resultFile}, written beside it (through a temporary file). */
    NativeToolsRecord writeFor(Path resultFile) throws IOException {
        NativeToolsRecord bound = new NativeToolsRecord(
                resultFile.getFileName().toString(), sha256(resultFile), measured, copyBytes, tree, timings, notes);
        Path file = fileFor(resultFile);
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writeValue(temp.toFile(), bound);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        return bound;
    }

    /** The record beside {@code resultFile} if it describes exactly that file. */
    static Optional<NativeToolsRecord> readFor(Path resultFile) throws IOException {
        Path file = fileFor(resultFile);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        NativeToolsRecord record = JSON.readValue(file.toFile(), NativeToolsRecord.class);
        return sha256(resultFile).equals(record.resultSha256()) ? Optional.of(record) : Optional.empty();
    }

    /** The SHA-256 of a file in hex: binds the record to the exact results it was timed for. */
    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JDK has SHA-256", e);
        }
    }
}
