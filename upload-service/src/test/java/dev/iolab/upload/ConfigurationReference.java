package dev.iolab.upload;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes {@code docs/configuration.md} from Spring Boot's configuration metadata: the service's own properties from
 * the {@code META-INF/spring-configuration-metadata.json} that {@code spring-boot-configuration-processor} generates
 * from the {@code @ConfigurationProperties} records and their Javadoc, and the Boot properties the service's
 * {@code application.properties} sets, described by Boot's own metadata. Run by {@code ConfigurationReferenceTest},
 * or as a program with the file to write as its argument.
 */
public final class ConfigurationReference {

    /** The prefix of the service's own properties. */
    static final String PREFIX = "upload.";

    private static final String OWN_SOURCE = "dev.iolab.upload.";
    private static final Pattern PLACEHOLDER = Pattern.compile("^\\$\\{([A-Z0-9_]+):?(.*)}$");
    private static final Pattern JAVADOC_TAG = Pattern.compile("\\{@(?:code|literal|link|linkplain) ([^}]*)}");

    /** One property of the metadata. */
    record Property(String name, String type, String defaultValue, String description) {}

    private final Map<String, Property> metadata;
    private final Map<String, String> applicationProperties;

    private ConfigurationReference(Map<String, Property> metadata, Map<String, String> applicationProperties) {
        this.metadata = metadata;
        this.applicationProperties = applicationProperties;
    }

    /** The metadata of every jar and directory on the class path, and the service's {@code application.properties}. */
    public static ConfigurationReference fromClassPath() {
        ClassLoader loader = ConfigurationReference.class.getClassLoader();
        Map<String, Property> metadata = new TreeMap<>();
        try {
            for (URL url : Collections.list(loader.getResources("META-INF/spring-configuration-metadata.json"))) {
                try (InputStream in = url.openStream()) {
                    for (JsonNode property :
                            JsonMapper.builder().build().readTree(in).path("properties")) {
                        String name = property.path("name").asString();
                        Property read = new Property(
                                name,
                                property.path("type").asString(""),
                                property.has("defaultValue") ? value(property.get("defaultValue")) : "",
                                property.path("description").asString(""));
                        boolean own = property.path("sourceType").asString("").startsWith(OWN_SOURCE);
                        if (own || !metadata.containsKey(name)) {
                            metadata.put(name, read);
                        }
                    }
                }
            }
            Properties application = new Properties();
            try (InputStream in = loader.getResourceAsStream("application.properties")) {
                application.load(in);
            }
            Map<String, String> set = new TreeMap<>();
            application.stringPropertyNames().forEach(name -> set.put(name, application.getProperty(name)));
            return new ConfigurationReference(metadata, set);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The service's own properties, by name. */
    public List<Property> ownProperties() {
        return metadata.values().stream()
                .filter(p -> p.name().startsWith(PREFIX))
                .toList();
    }

    /**
     * The environment variables that set {@code property}: the one {@code application.properties} reads for it, if
     * any, then Spring's canonical form (upper case, {@code .} → {@code _}, {@code -} removed). An entry of a map
     * whose key has upper-case letters (a logger's name) has no canonical form: Boot reads map keys from the
     * environment in lower case.
     */
    public List<String> environmentVariables(Property property) {
        List<String> names = new ArrayList<>();
        Matcher placeholder = placeholder(property.name());
        if (placeholder != null) {
            names.add(placeholder.group(1));
        }
        String canonical = canonicalEnvironmentVariable(property.name());
        if (property.type().startsWith("java.util.Map<")) {
            canonical += "_<KEY>";
        } else if (!metadata.containsKey(property.name())
                && !property.name().equals(property.name().toLowerCase(Locale.ROOT))) {
            canonical = null;
        }
        if (canonical != null && !names.contains(canonical)) {
            names.add(canonical);
        }
        return names;
    }

    /**
     * The Spring Boot properties {@code application.properties} sets, each with the value it sets and the description
     * of the property or, for an entry of a map ({@code logging.level.<logger>}), of the map.
     */
    public List<Property> bootPropertiesSet() {
        List<Property> set = new ArrayList<>();
        for (Map.Entry<String, String> entry : applicationProperties.entrySet()) {
            if (!entry.getKey().startsWith(PREFIX)) {
                Property described = describing(entry.getKey());
                String type = described.name().equals(entry.getKey()) ? described.type() : "";
                set.add(new Property(entry.getKey(), type, entry.getValue(), described.description()));
            }
        }
        return set;
    }

    private Property describing(String name) {
        for (String candidate = name; ; candidate = candidate.substring(0, candidate.lastIndexOf('.'))) {
            Property property = metadata.get(candidate);
            if (property != null && (candidate.equals(name) || property.type().startsWith("java.util.Map<"))) {
                return property;
            }
            if (candidate.indexOf('.') < 0) {
                return new Property(name, "", "", "");
            }
        }
    }

    /** Spring Boot's canonical environment variable for a property: {@code upload.api-key} → {@code UPLOAD_APIKEY}. */
    static String canonicalEnvironmentVariable(String property) {
        return property.replace("-", "").replace('.', '_').toUpperCase(Locale.ROOT);
    }

    /** The default as the running service has it: {@code application.properties}'s when it sets one, else the code's. */
    String defaultValue(Property property) {
        String set = applicationProperties.get(property.name());
        if (set == null) {
            return property.defaultValue();
        }
        Matcher placeholder = placeholder(property.name());
        return placeholder != null ? placeholder.group(2) : set;
    }

    private Matcher placeholder(String property) {
        String set = applicationProperties.get(property);
        if (set == null) {
            return null;
        }
        Matcher matcher = PLACEHOLDER.matcher(set.strip());
        return matcher.matches() ? matcher : null;
    }

    /** The Markdown document. */
    public String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("""
                # upload-service configuration

                <!-- Generated from Spring Boot's configuration metadata by ConfigurationReferenceTest; do not edit.
                     Regenerate: ./mvnw -pl upload-service test -Dtest=ConfigurationReferenceTest -Ddocs.update=true -->

                Every setting of the service, generated from its code: the `@ConfigurationProperties` records and their \
                Javadoc, through the configuration metadata `spring-boot-configuration-processor` writes at build \
                time, and the service's `application.properties`. A test fails when this file and the code differ.

                Set a property in any way Spring Boot reads one: a command-line argument \
                (`java -jar upload-service.jar --upload.max-size=2GB`), a system property, an environment variable, \
                or an `application.properties` beside the jar. Durations take a unit (`500ms`, `20s`, `10m`, `1h`; a \
                bare number is milliseconds), sizes too (`500B`, `256KB`, `64MB`, `1GB`; a bare number is bytes).

                **Environment variables.** Spring Boot's relaxed binding maps a property to an environment variable \
                by upper-casing it, replacing `.` with `_` and removing `-`: `upload.api-key` is `UPLOAD_APIKEY`, \
                `upload.memory-budget.enabled` is `UPLOAD_MEMORYBUDGET_ENABLED`; that canonical form is the one listed \
                below. Boot also accepts `-` written as `_` (`UPLOAD_API_KEY`, `UPLOAD_VALET_KEY_SIGNING_KEY`), and \
                where `application.properties` reads a variable of its own (`upload.api-key=${UPLOAD_API_KEY:}`) \
                that one is listed first. A map property takes its key as the last segment \
                (`UPLOAD_APIKEYS_<KEY>`, the key in lower case); a list takes a comma-separated value.

                ## Service properties (`upload.*`)

                | Property | Type | Default | Environment variable | Description |
                |---|---|---|---|---|
                """);
        for (Property property : ownProperties()) {
            out.append("| `")
                    .append(property.name())
                    .append("` | ")
                    .append(code(shortType(property.type())))
                    .append(" | ")
                    .append(code(defaultValue(property)))
                    .append(" | ")
                    .append(environmentColumn(property))
                    .append(" | ")
                    .append(text(property.description()))
                    .append(" |\n");
        }
        out.append("""

                ## Spring Boot properties the service sets

                What the service's `application.properties` sets of Spring Boot's own properties (the value shown is \
                what it sets; `${VAR:default}` reads the environment variable `VAR`). Boot documents the rest in its \
                "Common Application Properties" appendix.

                | Property | Set to | Environment variable | Description (Spring Boot's) |
                |---|---|---|---|
                """);
        for (Property boot : bootPropertiesSet()) {
            out.append("| `")
                    .append(boot.name())
                    .append("` | ")
                    .append(code(boot.defaultValue()))
                    .append(" | ")
                    .append(environmentColumn(boot))
                    .append(" | ")
                    .append(text(firstSentence(boot.description())))
                    .append(" |\n");
        }
        return out.toString();
    }

    /** Writes the document to the file named by the first argument. */
    public static void main(String[] args) throws IOException {
        Files.writeString(Path.of(args[0]), fromClassPath().markdown(), StandardCharsets.UTF_8);
    }

    private String environmentColumn(Property property) {
        List<String> variables = environmentVariables(property);
        return variables.isEmpty()
                ? "–"
                : String.join(
                        " or ",
                        environmentVariables(property).stream()
                                .map(ConfigurationReference::code)
                                .toList());
    }

    /** The {@code application.properties} of the service, as read. */
    Map<String, String> applicationProperties() {
        return applicationProperties;
    }

    private static String value(JsonNode value) {
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(item -> items.add(item.asString()));
            return String.join(",", items);
        }
        return value.asString();
    }

    /** {@code java.util.Map<java.lang.String,java.lang.String>} → {@code Map<String, String>}. */
    static String shortType(String type) {
        return type.replaceAll("(?:[a-z][a-z0-9]*\\.)+([A-Z])", "$1").replace(",", ", ");
    }

    private static String code(String value) {
        return value == null || value.isEmpty() ? "–" : "`" + value.replace("|", "\\|") + "`";
    }

    /** Javadoc to Markdown: {@code {@code x}} becomes {@code `x`}; one line; pipes escaped for the table. */
    private static String text(String javadoc) {
        String text = JAVADOC_TAG.matcher(javadoc).replaceAll(m -> Matcher.quoteReplacement("`" + m.group(1) + "`"));
        text = text.replaceAll("\\s+", " ").strip().replace("|", "\\|");
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private static String firstSentence(String description) {
        int end = description.indexOf(". ");
        return end < 0 ? description : description.substring(0, end + 1);
    }
}
