import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BooleanField } from '../../common/validation/body-fields';

/** Camunda's TelemetryConfigurationDto. */
export class TelemetryConfigurationDto {
  @BooleanField() enableTelemetry?: boolean | null;
}

class VendorVersionDto {
  @ApiProperty() vendor: string;
  @ApiProperty() version: string;
}

class JdkDto {
  @ApiProperty() version: string;
  @ApiProperty() vendor: string;
}

interface CountDto {
  count: number;
}

const COUNTS = {
  type: 'object',
  additionalProperties: { type: 'object', properties: { count: { type: 'integer', format: 'int64' } } },
} as const;

class InternalsDto {
  @ApiProperty({ type: VendorVersionDto }) database: VendorVersionDto;
  @ApiProperty({ name: 'application-server', type: VendorVersionDto }) 'application-server': VendorVersionDto;
  @ApiPropertyOptional({ name: 'license-key', nullable: true, type: 'object', additionalProperties: true })
  'license-key': null;
  @ApiProperty({ name: 'camunda-integration', type: [String] }) 'camunda-integration': string[];
  @ApiProperty(COUNTS)
  commands: Record<string, CountDto>;
  @ApiProperty(COUNTS)
  metrics: Record<string, CountDto>;
  @ApiProperty({ type: [String] }) webapps: string[];
  @ApiProperty({ type: JdkDto }) jdk: JdkDto;
  @ApiProperty({ name: 'data-collection-start-date' }) 'data-collection-start-date': string | null;
}

class ProductDto {
  @ApiProperty() name: string;
  @ApiProperty() version: string;
  @ApiProperty() edition: string;
  @ApiProperty({ type: InternalsDto }) internals: InternalsDto;
}

/** Camunda's TelemetryDataDto. */
export class TelemetryDataDto {
  @ApiProperty() installation: string | null;
  @ApiProperty({ type: ProductDto }) product: ProductDto;
}
