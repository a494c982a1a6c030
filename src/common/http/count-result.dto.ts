import { ApiProperty } from '@nestjs/swagger';

export class CountResultDto {
  @ApiProperty({ type: 'integer', format: 'int64' })
  count: number;
}

export class LinkDto {
  @ApiProperty() method: string;
  @ApiProperty() href: string;
  @ApiProperty() rel: string;
}

export class ResourceOptionsDto {
  @ApiProperty({ type: [LinkDto] })
  links: LinkDto[];
}
