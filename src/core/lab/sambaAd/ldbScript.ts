// The Python helper that changes a stopped lab domain through Samba's own ldb modules (so every
// entry gets what AD gives it: objectGUID, SIDs, password hashes, replication metadata): the setup
// after provisioning, and the offline bulk load into the domain. It runs on samba-tool's interpreter.

/** Source of the helper; its one argument is a JSON object whose `command` is `setup` or `load`. */
export const SAMBA_LDB_SCRIPT = String.raw`
import json, sys
import ldb
import samba.dsdb as dsdb
from samba.auth import system_session
from samba.credentials import Credentials
from samba.param import LoadParm
from samba.samdb import SamDB

SEARCH_FLAG_ATTINDEX = 1
# userAccountControl of an enabled account with a password (NORMAL_ACCOUNT; accounts.ts has it too).
ENABLED_ACCOUNT = '512'
# Lets an add carry unicodePwd as its NT hash, skipping the Kerberos keys (about 8x the load's
# time per person; the lab serves LDAP only, where simple binds check the NT hash).
BYPASS_PASSWORD_HASH = 'local_oid:%s:0' % dsdb.DSDB_CONTROL_BYPASS_PASSWORD_HASH_OID
# pwdLastSet of a password set now (0 would make the account change it before any bind).
PASSWORD_SET_NOW = '-1'


def fail(message):
    sys.stderr.write('dirbench-ldb: %s\n' % message)
    sys.exit(1)


def open_db(conf):
    lp = LoadParm()
    lp.load(conf)
    # Index profiles change searchFlags, a schema change.
    lp.set('dsdb:schema update allowed', 'yes')
    # flags=0: a new naming context creates its partition file.
    return SamDB(url=lp.private_path('sam.ldb'), session_info=system_session(), lp=lp, flags=0)


def replace(db, dn, values):
    msg = ldb.Message(ldb.Dn(db, str(dn)))
    for name, value in values.items():
        msg[name] = ldb.MessageElement(value, ldb.FLAG_MOD_REPLACE, name)
    db.modify(msg)


def set_indexes(db, indexes):
    changed = []
    schema = db.get_schema_basedn()
    for attribute, indexed in indexes.items():
        found = db.search(base=schema, scope=ldb.SCOPE_ONELEVEL,
                          expression='(lDAPDisplayName=%s)' % ldb.binary_encode(attribute),
                          attrs=['searchFlags'])
        if len(found) != 1:
            fail('the AD schema has no attribute "%s" to index; leave it out of the index profile' % attribute)
        flags = int(str(found[0].get('searchFlags', idx=0) or '0'))
        wanted = flags | SEARCH_FLAG_ATTINDEX if indexed else flags & ~SEARCH_FLAG_ATTINDEX
        if wanted != flags:
            replace(db, found[0].dn, {'searchFlags': str(wanted)})
            changed.append(attribute)
    return changed


def setup(args):
    with open(args['passwordFile'], encoding='utf-8') as f:
        password = f.read()
    db = open_db(args['conf'])
    db.transaction_start()
    try:
        # The lab's password is random, not complex: no quality rules, no expiry, no lockout.
        replace(db, db.domain_dn(), {'pwdProperties': '0', 'minPwdLength': '0', 'pwdHistoryLength': '0',
                                     'minPwdAge': '0', 'maxPwdAge': '-9223372036854775808',
                                     'lockoutThreshold': '0'})
        db.setpassword('(sAMAccountName=Administrator)', password, force_change_at_next_login=False)
        # Whole result sets without paging, as the other lab kinds answer their root.
        policy = ('CN=Default Query Policy,CN=Query-Policies,CN=Directory Service,CN=Windows NT,'
                  'CN=Services,%s' % db.get_config_basedn())
        found = db.search(base=policy, scope=ldb.SCOPE_BASE, attrs=['lDAPAdminLimits'])
        limits = [str(v) for v in found[0].get('lDAPAdminLimits', [])]
        limits = [v for v in limits if not v.startswith(('MaxPageSize=', 'MaxQueryDuration='))]
        replace(db, policy, {'lDAPAdminLimits': limits + ['MaxPageSize=2147483647',
                                                          'MaxQueryDuration=86400']})
        changed = set_indexes(db, args['indexes'])
        db.transaction_commit()
    except BaseException:
        db.transaction_cancel()
        raise
    print(json.dumps({'indexesChanged': changed}), flush=True)


def records(path):
    lines = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.strip() == '':
                if lines:
                    yield ''.join(lines)
                    lines = []
            elif lines or not line.startswith('#'):
                lines.append(line)
    if lines:
        yield ''.join(lines)


def placed(db, dn, moves):
    # The LDIF's first DN is its suffix; the lab keeps it (and all below it) at args['suffix'].
    if moves['from'] is None:
        moves['from'] = ldb.Dn(db, str(dn))
    if dn != moves['from'] and not dn.is_child_of(moves['from']):
        return dn
    moved = ldb.Dn(db, str(dn))
    moved.remove_base_components(len(moves['from']))
    moved.add_base(moves['to'])
    return moved


def text(value):
    return value.decode('utf-8') if isinstance(value, bytes) else str(value)


def is_account(msg):
    classes = [text(v).lower() for v in msg.get('objectClass', [])]
    return ('user' in classes or 'inetorgperson' in classes) and 'userPassword' in msg


def as_account(msg):
    # The person's userPassword (an ordinary attribute, as AD keeps it by default) also becomes
    # its account password, as an NT hash, and the account is enabled; returns the add's controls.
    if not is_account(msg) or 'userAccountControl' in msg:
        return []
    credentials = Credentials()
    credentials.set_password(text(msg['userPassword'][0]))
    msg['unicodePwd'] = ldb.MessageElement(credentials.get_nt_hash(), ldb.FLAG_MOD_ADD, 'unicodePwd')
    msg['pwdLastSet'] = ldb.MessageElement(PASSWORD_SET_NOW, ldb.FLAG_MOD_ADD, 'pwdLastSet')
    msg['userAccountControl'] = ldb.MessageElement(ENABLED_ACCOUNT, ldb.FLAG_MOD_ADD,
                                                   'userAccountControl')
    return [BYPASS_PASSWORD_HASH]


def load(args):
    db = open_db(args['conf'])
    moves = {'from': None, 'to': ldb.Dn(db, args['suffix'])}
    batch = args['batch']
    added = 0
    db.transaction_start()
    try:
        for text in records(args['ldif']):
            for _kind, msg in db.parse_ldif(text):
                msg.dn = placed(db, msg.dn, moves)
                # A person with a password is an enabled account (AD creates accounts disabled).
                controls = as_account(msg)
                try:
                    db.add(msg, controls=controls)
                except ldb.LdbError as err:
                    fail('adding %s failed: %s' % (msg.dn, err.args[-1]))
                added += 1
                if added % batch == 0:
                    db.transaction_commit()
                    db.transaction_start()
        db.transaction_commit()
    except BaseException:
        db.transaction_cancel()
        raise
    print(json.dumps({'added': added}), flush=True)


ARGS = json.loads(sys.argv[1])
if ARGS['command'] == 'setup':
    setup(ARGS)
elif ARGS['command'] == 'load':
    load(ARGS)
else:
    fail('unknown command %s' % ARGS['command'])
`;
