// A message config is checked against its source's declaration at save: a channel and a
// recipient at least (or a chat robot, whose interface definition must be about 消息实例, as a work
// notice's must, with the tool's id type named); conditions and document recipients only on a source about a document, each
// naming a field that document has (a user field for 单据中的人员); the supplier's users and
// contacts only on a source written for the supplier. A config that could never apply is refused
// rather than kept silently.
import { defineActions, defineEndpoints, endpoint } from '@srm/platform';
import { type EntityDef, type RuleIssue, fieldEntries, fieldLabel, isRefField, ref } from '@srm/kernel';
import { scsiDefinition } from '../../interfaces';
import { messageInstance } from '../instance/instance.entity';
import { sourceCodeOf } from '../source/source-code';
import { declaredSource } from '../source/sources';
import { type ConfigRecipientType, messageConfig } from './config.entity';

/** Fields of a document that name a user: references to users, and who created or changed it. */
function isUserField(document: EntityDef, name: string): boolean {
  const field = document.fields[name];
  if (!field) return false;
  if (name === 'createdBy' || name === 'lastUpdatedBy') return true;
  return isRefField(field) && field.entity === 'baseUser';
}

const SUPPLIER_TYPES: readonly string[] = [
  'SUPPLIER_USERS',
  'SUPPLIER_CONTACT',
] satisfies ConfigRecipientType[];

export const configActions = defineActions(messageConfig, {
  async beforeSave(ctx) {
    const { row } = ctx;
    const recipients = ctx.newLines.recipients;
    const conditions = ctx.newLines.conditions;
    const issues: RuleIssue[] = [];
    row.chatInterface = row.chatInterface?.trim() || null;
    row.workNoticeInterface = row.workNoticeInterface?.trim() || null;
    if (!row.workNoticeInterface) row.workNoticeIdType = null;
    const channels = [row.inAppFlag, row.emailFlag, row.smsFlag].includes('Y') || row.workNoticeInterface;
    if (!channels && !row.chatInterface)
      issues.push({ field: 'inAppFlag', message: 'baseMessageConfig.noChannel' });
    // A config may only post to a chat robot (a group has no recipient lines).
    if (!recipients.length && !row.chatInterface) issues.push({ message: 'baseMessageConfig.noRecipient' });
    for (const field of ['chatInterface', 'workNoticeInterface'] as const) {
      const code = row[field];
      if (!code) continue;
      const definitions = await ctx.list(scsiDefinition, { definitionCode: code });
      if (!definitions.some((definition) => definition.businessEntity === messageInstance.name))
        issues.push({ field, message: 'baseMessageConfig.noChatInterface', params: { code } });
    }
    if (row.workNoticeInterface && !row.workNoticeIdType)
      issues.push({ field: 'workNoticeIdType', message: 'baseMessageConfig.noChatIdType' });
    const code = await sourceCodeOf(ctx, row.sourceId);
    const declared = declaredSource(code);
    const document = declared?.document ? ctx.runtime.registry.find(declared.document) : undefined;
    recipients.forEach((line, index) => {
      const params = { line: index + 1 };
      if (line.recipientType === 'DOCUMENT_USER') {
        if (!document) issues.push({ field: 'sourceId', message: 'baseMessageConfig.noDocument', params });
        else if (!isUserField(document, line.fieldName ?? ''))
          issues.push({
            message: 'baseMessageConfig.notUserField',
            params: { ...params, name: line.fieldName ?? '' },
          });
      }
      if (SUPPLIER_TYPES.includes(line.recipientType) && !(document && declared?.toSupplier))
        issues.push({ field: 'sourceId', message: 'baseMessageConfig.notToSupplier', params });
    });
    conditions.forEach((line, index) => {
      const params = { line: index + 1 };
      if (!document)
        issues.push({ field: 'sourceId', message: 'baseMessageConfig.noDocumentCondition', params });
      else if (!document.fields[line.fieldName])
        issues.push({
          message: 'baseMessageConfig.unknownField',
          params: { ...params, name: line.fieldName },
        });
    });
    return issues.length ? issues : null;
  },
});

export const configEndpoints = defineEndpoints(messageConfig, {
  documentFields: endpoint({
    summary:
      "The fields of a source's document a config may test or address (none: the source is about no document), labelled in the caller's language",
    input: { sourceId: ref('baseMessageSource', { required: true }) },
    scope: messageConfig,
    resource: 'read',
    sides: ['internal'],
    async handle(data, input) {
      const declared = declaredSource(await sourceCodeOf(data, input.sourceId));
      const document = declared?.document ? data.runtime.registry.find(declared.document) : undefined;
      const fields = document
        ? fieldEntries(document)
            .filter(
              ([name, field]) =>
                field.kind !== 'json' && field.kind !== 'attachments' && name !== 'versionNum',
            )
            .map(([name]) => ({
              name,
              label: fieldLabel(data.runtime.messages(), data.actor.locale, document.name, name),
              user: isUserField(document, name),
            }))
        : [];
      return { data: { toSupplier: !!declared?.toSupplier, fields } };
    },
  }),
});
