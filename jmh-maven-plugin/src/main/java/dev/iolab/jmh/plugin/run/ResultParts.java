package dev.iolab.jmh.plugin.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** Joins the JSON result files of a profile's JMH runs into one JMH-format array. */
public final class ResultParts {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultParts() {}

    /**
     * Writes the entries of every existing part, in order, to {@code target} (through a temporary file, so the
     * target is never half-written). Writes nothing when the parts hold no entries, so earlier results survive.
     *
     * @return the number of entries written
     * @throws IOException if a part is not a JSON array or cannot be read, or the target cannot be written
     */
    public static int merge(List<Path> parts, Path target) throws IOException {
        ArrayNode all = JSON.createArrayNode();
        for (Path part : parts) {
            if (!Files.isRegularFile(part)) {
                continue;
            }
            JsonNode entries = JSON.readTree(part.toFile());
            if (entries == null || !entries.isArray()) {
                throw new IOException("JMH results " + part + " are not a JSON array");
            }
            all.addAll((ArrayNode) entries);
        }
        if (all.isEmpty()) {
            return 0;
        }
        Files.createDirectories(target.toAbsolutePath().getParent());
        Path temp = target.resolveSibling(target.getFileName() + ".tmp");
        JSON.writeValue(temp.toFile(), all);
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        return all.size();
    }
}
