// Password modify (RFC 3062): one extended request per op naming the user and the new password;
// checked and compiled, sent on the lean path.
import type { Client } from 'ldapts';
import type { PasswordModifyOperation } from '../../../shared/operations/passwordModify.ts';
import { PASSWORD_MODIFY_OID } from '../../../shared/operations/passwordModify.ts';
import { tlvSize, writeLength, writeStringTlv } from '../../ldap/lean/berWrite.ts';
import { sendLean } from '../../ldap/lean/channel.ts';
import { ExtendedEncoder } from '../../ldap/lean/encode.ts';
import { callWithControls, compileControls, leanWithControls } from '../opControls.ts';
import type { OpControls } from '../opControls.ts';
import { dnPatternField, patternField } from '../patternFields.ts';
import type { PatternOptions } from '../patternFields.ts';
import { child, fieldsOf } from '../specFields.ts';
import { controlsField } from '../validateControls.ts';
import type { ExpandedOp, OperationModule, OpFactory, OpTools } from './opTypes.ts';

/** PasswdModifyRequestValue's userIdentity [0] and newPasswd [2] (no oldPasswd [1]). */
const USER_IDENTITY = 0x80;
const NEW_PASSWD = 0x82;

/** The request value: SEQUENCE { userIdentity, newPasswd } (RFC 3062 section 2). */
function passwordModifyValue(userDn: string, newPassword: string): Buffer {
  const dnLength = Buffer.byteLength(userDn);
  const passwordLength = Buffer.byteLength(newPassword);
  const contentLength = tlvSize(dnLength) + tlvSize(passwordLength);
  const value = Buffer.allocUnsafe(tlvSize(contentLength));
  value[0] = 0x30;
  const pos = writeLength(value, 1, contentLength);
  writeStringTlv(
    value,
    writeStringTlv(value, pos, USER_IDENTITY, userDn, dnLength),
    NEW_PASSWD,
    newPassword,
    passwordLength,
  );
  return value;
}

/** One op: lean when the client takes it, ldapts' exop otherwise. */
function sendPasswordModify(
  encoder: ExtendedEncoder,
  value: Buffer,
  controls: OpControls | null,
): ExpandedOp {
  const lean = leanWithControls(encoder.prepare(value), controls);
  const ldapts = async (client: Client): Promise<number> => {
    if (controls !== null) {
      return callWithControls(controls, (sent) => client.exop(PASSWORD_MODIFY_OID, value, sent));
    }
    await client.exop(PASSWORD_MODIFY_OID, value);
    return 0;
  };
  return { lean, run: (client) => sendLean(client, lean) ?? ldapts(client) };
}

/** Compiles a password-modify operation. */
function compilePasswordModify(op: PasswordModifyOperation, tools: OpTools): OpFactory {
  const encoder = new ExtendedEncoder(PASSWORD_MODIFY_OID);
  const userDn = tools.pattern(op.userDn);
  const newPassword = tools.pattern(op.newPassword);
  const controls = compileControls(op.controls, tools);
  return (ctx) => {
    const value = passwordModifyValue(userDn.next(ctx), newPassword.next(ctx));
    return sendPasswordModify(encoder, value, controls === null ? null : controls(ctx));
  };
}

/** Validates a password modify. */
function validatePasswordModify(
  value: unknown,
  field: string,
  options: PatternOptions,
): PasswordModifyOperation {
  const keys = ['kind', 'userDn', 'newPassword'];
  const f = fieldsOf(value, field, [...keys, 'controls'], keys);
  return {
    kind: 'password-modify',
    userDn: dnPatternField(f.userDn, child(field, 'userDn'), options),
    newPassword: patternField(f.newPassword, child(field, 'newPassword'), options),
    ...controlsField(f, field, 'password-modify', options),
  };
}

/** The password-modify kind's engine side. */
export const PASSWORD_MODIFY_MODULE: OperationModule<'password-modify'> = {
  validate: validatePasswordModify,
  compile: compilePasswordModify,
};
