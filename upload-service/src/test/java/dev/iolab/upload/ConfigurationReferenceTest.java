package dev.iolab.upload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.ConfigurationReference.Property;
import dev.iolab.upload.support.CommittedDoc;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertiesPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * {@code docs/configuration.md} is what the configuration metadata and {@code application.properties} give, every
 * property of the service is described there, and every environment variable it names sets its property.
 */
class ConfigurationReferenceTest {

    private static final CommittedDoc DOC = CommittedDoc.of("configuration.md", ConfigurationReferenceTest.class);

    private final ConfigurationReference reference = ConfigurationReference.fromClassPath();

    @Test
    void theCommittedReferenceIsWhatTheMetadataGives() throws Exception {
        DOC.checkText(reference.markdown());
    }

    @Test
    void everyPropertyOfTheServiceIsDescribed() {
        List<Property> properties = reference.ownProperties();

        // The annotation processor ran: the records hold more than 50 properties.
        assertThat(properties).hasSizeGreaterThan(50);
        assertThat(properties)
                .filteredOn(p -> p.description().isBlank())
                .as("properties without Javadoc on their record component")
                .isEmpty();
        assertThat(properties).extracting(Property::name).doesNotContain("upload.executor.core-size");
    }

    @Test
    void everyListedEnvironmentVariableSetsItsProperty() {
        for (Property property : reference.ownProperties()) {
            for (String variable : reference.environmentVariables(property)) {
                String name = property.name();
                if (variable.endsWith("_<KEY>")) {
                    variable = variable.replace("<KEY>", "ALICE");
                    name += ".alice";
                }
                assertThat(bound(name, Map.of(variable, "from-the-environment")))
                        .as("%s set by %s", name, variable)
                        .isEqualTo("from-the-environment");
            }
        }
    }

    @Test
    void everyEnvironmentVariableListedForABootPropertySetsIt() {
        for (Property property : reference.bootPropertiesSet()) {
            for (String variable : reference.environmentVariables(property)) {
                assertThat(bound(property.name(), Map.of(variable, "from-the-environment")))
                        .as("%s set by %s", property.name(), variable)
                        .isEqualTo("from-the-environment");
            }
        }
    }

    @Test
    void theApiKeyIsReadFromUploadApiKeyAndFromUploadApikey() {
        // application.properties reads UPLOAD_API_KEY; relaxed binding reads UPLOAD_APIKEY, and wins over it.
        assertThat(bound("upload.api-key", Map.of("UPLOAD_API_KEY", "a"))).isEqualTo("a");
        assertThat(bound("upload.api-key", Map.of("UPLOAD_APIKEY", "b"))).isEqualTo("b");
        assertThat(bound("upload.api-key", Map.of("UPLOAD_API_KEY", "a", "UPLOAD_APIKEY", "b")))
                .isEqualTo("b");
        assertThat(ConfigurationReference.canonicalEnvironmentVariable("upload.valet-key.signing-key"))
                .isEqualTo("UPLOAD_VALETKEY_SIGNINGKEY");
        assertThat(bound("upload.valet-key.signing-key", Map.of("UPLOAD_VALET_KEY_SIGNING_KEY", "c")))
                .isEqualTo("c");
    }

    /** {@code property} as the service binds it from {@code environment} and its {@code application.properties}. */
    private String bound(String property, Map<String, Object> environment) {
        StandardEnvironment spring = new StandardEnvironment();
        MutablePropertySources sources = spring.getPropertySources();
        sources.remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
        sources.replace(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                new SystemEnvironmentPropertySource(
                        StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, environment));
        Properties application = new Properties();
        application.putAll(reference.applicationProperties());
        sources.addLast(new PropertiesPropertySource("application.properties", application));
        return Binder.get(spring).bind(property, String.class).orElse(null);
    }
}
