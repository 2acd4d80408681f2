# lazy_repo DIR MARK: a repository that is a partial clone (issue 37 item
# 1, FACTS.md "a partial clone's lazy fetch") whose promisor remote is
# `ext::sh -c "touch MARK"`, with the blob of doc.rst's first (English)
# revision deleted: any git that needs that blob and may fetch runs the
# remote's command.  doc.rst at HEAD is Korean.  Sets LAZY_BLOB.  Sourced.
lazy_repo() {
	local dir=$1 mark=$2
	git init -q "$dir"
	printf 'Title\n=====\n\nSome text here.\n\nMore text.\n' >"$dir/doc.rst"
	git -C "$dir" add doc.rst
	git -C "$dir" commit -qm english
	LAZY_BLOB=$(git -C "$dir" rev-parse HEAD:doc.rst)
	printf '제목\n====\n\n여기 번역된 글.\n\n더 많은 글.\n' >"$dir/doc.rst"
	git -C "$dir" commit -qam korean
	git -C "$dir" config core.repositoryformatversion 1
	git -C "$dir" config extensions.partialClone origin
	git -C "$dir" config remote.origin.promisor true
	git -C "$dir" config protocol.ext.allow always
	git -C "$dir" config remote.origin.url "ext::sh -c touch% $mark"
	rm -f "$dir/.git/objects/${LAZY_BLOB:0:2}/${LAZY_BLOB:2}"
}
