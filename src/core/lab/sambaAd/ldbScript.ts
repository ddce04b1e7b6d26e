// The Python helper that changes a stopped lab domain through Samba's own ldb modules (so every
// entry gets what AD gives it: objectGUID, SIDs, replication metadata): the setup after
// provisioning, and the offline bulk load. It runs on samba-tool's interpreter.

/** Source of the helper; its one argument is a JSON object whose `command` is `setup` or `load`. */
export const SAMBA_LDB_SCRIPT = String.raw`
import json, sys
import ldb
from samba.auth import system_session
from samba.param import LoadParm
from samba.samdb import SamDB

# Structural classes of a naming context head by its RDN attribute.
HEAD_CLASSES = {'c': 'country', 'o': 'organization', 'ou': 'organizationalUnit', 'dc': 'domain'}
# instanceType of a writable naming context head with no parent context.
NC_HEAD_WRITABLE = '5'
SEARCH_FLAG_ATTINDEX = 1
# The well-known GUID that names a naming context's Deleted Objects container.
DELETED_OBJECTS_GUID = '18e2ea80684f11d2b9aa00c04f79f805'


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
        suffix = ldb.Dn(db, args['suffix'])
        rdn = suffix.get_rdn_name()
        head_class = HEAD_CLASSES.get(rdn.lower())
        if head_class is None:
            fail('a naming context %s cannot be created: its RDN must be c=, o=, ou= or dc=' % suffix)
        db.add({'dn': suffix, 'objectClass': ['top', head_class], rdn: str(suffix.get_rdn_value()),
                'instanceType': NC_HEAD_WRITABLE})
        # Deletes move entries here (as tombstones): a naming context without it refuses them. AD's
        # is a container, which the schema does not allow under c= or o=; an OU takes its place.
        # Itself deleted, it is hidden from searches: the lab's entry count stays the LDIF's.
        deleted = 'OU=Deleted Objects,%s' % suffix
        db.add({'dn': deleted, 'objectClass': ['top', 'organizationalUnit'],
                'description': 'Deleted objects', 'isDeleted': 'TRUE',
                'isCriticalSystemObject': 'TRUE', 'systemFlags': '-1946157056'},
               # relax: system attributes, as provisioning sets them.
               controls=['relax:0'])
        replace(db, suffix, {'wellKnownObjects': ['B:32:%s:%s' % (DELETED_OBJECTS_GUID, deleted)]})
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


def load(args):
    db = open_db(args['conf'])
    suffix = ldb.Dn(db, args['suffix'])
    batch = args['batch']
    added = 0
    db.transaction_start()
    try:
        for text in records(args['ldif']):
            for _kind, msg in db.parse_ldif(text):
                # setup created the naming context's head.
                if msg.dn == suffix:
                    continue
                try:
                    db.add(msg)
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
